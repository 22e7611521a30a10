/**
 * Registers the service worker and tracks whether a new version waits, with the browser's own
 * API (workbox-window would be 2 kB more for every first visit, bench/bundle.ts). A new version
 * never takes over by itself: the user presses Reload (update-prompt.tsx).
 */
import { useSyncExternalStore } from 'react';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registration: ServiceWorkerRegistration | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** A worker installed while another controls the page is a new version waiting. */
function watchInstalling(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) setUpdateWaiting(true);
  };
  worker.addEventListener('statechange', check);
  check();
}

export async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator) || registering) return;
  registering = true;
  try {
    registration = (await navigator.serviceWorker.register(url, {
      scope: '/',
    })) as ServiceWorkerRegistration | null;
  } catch {
    // No service worker (private mode, old browser): the app still works online.
    return;
  }
  // A browser that blocks workers (tests, some policies) may answer with no registration.
  if (!registration) return;
  if (registration.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
  watchInstalling(registration.installing);
  registration.addEventListener('updatefound', () => watchInstalling(registration!.installing));
  // Long-lived tabs (a courier's shift) still learn about new versions.
  const found = registration;
  setInterval(() => void found.update().catch(() => {}), UPDATE_CHECK_MS);
}

/** Activates the waiting version, then reloads once it controls the page (user's choice). */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  // src/sw/sw.ts skips waiting on this message.
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
