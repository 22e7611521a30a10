/**
 * Whether and how this browser can install the app (docs/decisions/025-install-offer.md):
 * Chromium's saved `beforeinstallprompt`, the Share sheet of Safari on an iPhone or iPad, or
 * nothing (installed already, or a browser that cannot). Watched from the app's first code,
 * so an event fired before the first render is kept; kept small, it sits in the home route.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** `prompt`: the browser's own install dialog; `ios`: the steps to add it from Share. */
export type InstallWay = 'prompt' | 'ios' | null;

let saved: BeforeInstallPromptEvent | null = null;
let installed = false;
let ios = false;
let standalone: MediaQueryList | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function installWay(): InstallWay {
  if (installed || standalone?.matches || (navigator as { standalone?: boolean }).standalone)
    return null;
  return saved ? 'prompt' : ios ? 'ios' : null;
}

/** Safari and the other iOS browsers (all WebKit) add to the Home Screen from Share; in-app views cannot. */
function isIosBrowser(): boolean {
  const agent = navigator.userAgent;
  const apple =
    /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return apple && /Safari\//.test(agent);
}

/**
 * Starts watching (main.tsx); returns the stop that forgets everything (tests). The event's
 * default is left alone: the browser's own install hints (Android's mini-infobar, the address
 * bar's install icon) stay, and the app offers the same prompt where people look for it.
 */
export function watchInstallOffer(): () => void {
  ios = isIosBrowser();
  standalone = window.matchMedia?.('(display-mode: standalone)') ?? null;
  const onOffer = (event: Event) => {
    const offer = event as BeforeInstallPromptEvent;
    saved = offer;
    notify();
    // Chosen in our prompt or in the browser's own: the event is spent either way.
    void offer.userChoice?.then(
      ({ outcome }) => {
        if (saved !== offer) return;
        saved = null;
        installed ||= outcome === 'accepted';
        notify();
      },
      () => {},
    );
  };
  const onInstalled = () => {
    installed = true;
    saved = null;
    notify();
  };
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  standalone?.addEventListener?.('change', notify);
  return () => {
    window.removeEventListener('beforeinstallprompt', onOffer);
    window.removeEventListener('appinstalled', onInstalled);
    standalone?.removeEventListener?.('change', notify);
    saved = null;
    installed = ios = false;
    standalone = null;
    notify();
  };
}

/** Shows the browser's install dialog (call it from the tap itself: it needs the gesture). */
export function promptInstall(): void {
  const offer = saved;
  // Spent by then (shown once already): the next page load brings a fresh one.
  offer?.prompt().catch(() => {
    if (saved !== offer) return;
    saved = null;
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How the app can be installed here, now; null on the server and while hydrating. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribe, installWay, () => null);
}
