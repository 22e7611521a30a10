/**
 * Whether and how this browser can install the app (docs/decisions/025-install-offer.md):
 * Chromium's saved `beforeinstallprompt`, the Share sheet of Safari on an iPhone or iPad, or
 * nothing (installed already, or a browser that cannot). Watched from the app's first code,
 * so an event fired before the first render is kept; it sits in the home route, so it is small.
 */
import { useSyncExternalStore } from 'react';
import { EARLY_INSTALL_OFFER } from '#shared/constants.js';

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
let standalone: MediaQueryList | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function installWay(): InstallWay {
  if (installed || standalone?.matches || (navigator as { standalone?: boolean }).standalone)
    return null;
  return saved ? 'prompt' : ios ? 'ios' : null;
}

function forget(offer: BeforeInstallPromptEvent | null, nowInstalled: boolean) {
  if (offer && saved !== offer) return;
  saved = null;
  installed ||= nowInstalled;
  notify();
}

/**
 * Starts watching, once (main.tsx; tests start afresh with each call). The event's default is
 * left alone: the browser's own install hints (Android's mini-infobar, the address bar's icon)
 * stay, and the app offers the same prompt where people look for it.
 */
export function watchInstallOffer(): void {
  saved = null;
  installed = false;
  const agent = navigator.userAgent;
  // Every browser on an iPhone is WebKit and adds to the Home Screen from Share (iPadOS says it
  // is a Mac, with touch); in-app views, without "Safari/", cannot.
  ios =
    (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) &&
    /Safari\//.test(agent);
  standalone = matchMedia('(display-mode: standalone)');
  standalone.addEventListener('change', notify);
  const take = (event: Event) => {
    const offer = (saved = event as BeforeInstallPromptEvent);
    notify();
    // Chosen in our prompt or in the browser's own hint: the event is spent either way.
    void offer.userChoice.then(({ outcome }) => forget(offer, outcome === 'accepted'));
  };
  // Made before this code ran, on a server-rendered page (src/server/ssr/deferred-start.ts).
  const early = (window as unknown as Record<string, Event | undefined>)[EARLY_INSTALL_OFFER];
  if (early) take(early);
  addEventListener('beforeinstallprompt', take);
  addEventListener('appinstalled', () => forget(null, true));
}

/** Shows the browser's install dialog (call it from the tap itself: it needs the gesture). */
export function promptInstall(): void {
  const offer = saved;
  // Refused (shown once already): forgotten; the next page load brings a fresh one.
  offer?.prompt().catch(() => forget(offer, false));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How the app can be installed here, now; null on the server and while hydrating. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribe, installWay, () => null);
}
