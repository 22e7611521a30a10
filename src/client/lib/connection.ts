/**
 * Whether the network answers, which `navigator.onLine` cannot say: on campus Wi-Fi that lies it
 * stays true while requests hang. A request that gets no answer (its deadline passed, its
 * connection dropped) while the browser says it is online starts "connection trouble"; any
 * answer from the server ends it. Meanwhile a small check (GET /api/health) runs every few
 * seconds, so the app learns that the network is back even on a screen that asks nothing, and
 * then everything waiting catches up at once: reads refetch, the outbox replays, a silent event
 * stream is replaced (docs/decisions/021-lie-fi-and-idempotency-keys.md).
 *
 * Not in the app's start: api.ts reports to `requestWatch`, which `watchConnection` fills once
 * the background services have loaded, right after the first render.
 */
import { useSyncExternalStore } from 'react';
import * as systemPaths from '#shared/api-paths/system.js';
import { PROBE_DEADLINE_MS, PROBE_EVERY_MS } from '#shared/deadlines.js';
import { isNetworkError, requestWatch } from './api';

let troubleSince: number | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();

const emit = (set: Set<() => void>) => set.forEach((listener) => listener());

/** A request failed without an answer. */
export function reportNoAnswer(): void {
  if (troubleSince !== null || !navigator.onLine) return;
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
  emit(backListeners);
}

function probeLater() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), PROBE_EVERY_MS);
}

async function probe() {
  if (troubleSince === null) return;
  // Offline, the browser says so itself (and its `online` event restarts what waits).
  if (!navigator.onLine) return probeLater();
  try {
    await fetch(systemPaths.health, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_DEADLINE_MS),
    });
    reportAnswer();
  } catch {
    probeLater();
  }
}

/** Follows every request of api.ts from now on; the returned function stops it. */
export function watchConnection(): () => void {
  requestWatch.settled = (error) => {
    if (error === undefined) reportAnswer();
    else if (isNetworkError(error)) reportNoAnswer();
  };
  return () => {
    requestWatch.settled = undefined;
    clearTimeout(probeTimer);
  };
}

/** Runs after connection trouble ends: refetch, replay, reopen. Returns the unsubscribe. */
export function onConnectionBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
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
