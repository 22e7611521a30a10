/**
 * Whether the network answers, which `navigator.onLine` cannot say: on campus Wi-Fi that lies
 * it stays true while requests hang. A request that times out or fails while the browser says
 * it is online starts "connection trouble"; any answer from the server ends it. Meanwhile a
 * small check (GET /api/health) runs every few seconds, so the app learns that the network is
 * back even on a screen that asks nothing, and everything waiting catches up at once
 * (docs/decisions/021-lie-fi-and-idempotency-keys.md).
 */
import { useSyncExternalStore } from 'react';
import { API } from '#shared/api-paths.js';
import { PROBE_DEADLINE_MS, PROBE_EVERY_MS } from '#shared/deadlines.js';

let troubleSince: number | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const recoveryListeners = new Set<() => void>();

const emit = (set: Set<() => void>) => set.forEach((listener) => listener());

/** A request failed without an answer (a deadline passed, the connection dropped). */
export function reportNoAnswer(): void {
  if (troubleSince !== null || typeof navigator === 'undefined' || !navigator.onLine) return;
  troubleSince = Date.now();
  emit(listeners);
  probeLater();
}

/** The server answered (whatever it said): the network works. */
export function reportAnswer(): void {
  if (troubleSince === null) return;
  troubleSince = null;
  clearTimeout(probeTimer);
  emit(listeners);
  emit(recoveryListeners);
}

function probeLater() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), PROBE_EVERY_MS);
}

async function probe() {
  // Offline, the browser says so itself (and its `online` event restarts what waits).
  if (troubleSince === null || !navigator.onLine) return probeLater();
  try {
    await fetch(API.health, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_DEADLINE_MS) });
    reportAnswer();
  } catch {
    probeLater();
  }
}

/** Runs after connection trouble ends: refetch, replay, reopen. Returns the unsubscribe. */
export function onConnectionBack(listener: () => void): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Since when requests have been failing while the browser says it is online; null: they work. */
export function useConnectionTrouble(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => troubleSince,
    () => null,
  );
}
