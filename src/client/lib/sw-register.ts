/**
 * Registers the service worker with workbox-window and tracks whether a new version waits.
 * A new version never takes over by itself: the user presses Reload (update-prompt.tsx).
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** workbox-window is loaded here, after the page has rendered, not with the app's first code. */
export async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator) || workbox) return;
  const { Workbox } = await import('workbox-window');
  if (workbox) return;
  workbox = new Workbox(url, { scope: '/' });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  await workbox
    .register()
    .then((registration) => {
      // Long-lived tabs (a courier's shift) still learn about new versions.
      if (registration)
        setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch(() => {
      // No service worker (private mode, old browser): the app still works online.
    });
}

/** Activates the waiting version, then reloads once it controls the page (user's choice). */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
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
