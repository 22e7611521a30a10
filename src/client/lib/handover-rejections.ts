/**
 * Drop-offs the server refused for their handover code (422 wrong or missing, 429 locked), kept
 * in localStorage per courier and delivery until the courier tries again or the delivery moves
 * on: a wrong code sent from the outbox long after the tap comes back as a notice, and the
 * delivery screen opens on the code entry with the server's words, also after a reload.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'courierHandoverRejections';

export interface HandoverRejection {
  courierId: number;
  deliveryId: number;
  message: string;
  at: number;
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: HandoverRejection[] } = { raw: null, list: [] };

function read(): HandoverRejection[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cache.list;
  }
  if (raw === cache.raw) return cache.list;
  let list: HandoverRejection[] = [];
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (Array.isArray(parsed)) list = parsed as HandoverRejection[];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: HandoverRejection[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: the notice still shows in this page.
  }
  for (const listener of listeners) listener();
}

const same = (r: HandoverRejection, courierId: number, deliveryId: number) =>
  r.courierId === courierId && r.deliveryId === deliveryId;

/** A refusal older than this no longer matters (the delivery has long moved on). */
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberRejection(rejection: HandoverRejection): void {
  write([
    ...read().filter(
      (r) => !same(r, rejection.courierId, rejection.deliveryId) && rejection.at - r.at < KEEP_MS,
    ),
    rejection,
  ]);
}

export function forgetRejection(courierId: number, deliveryId: number): void {
  const list = read();
  if (list.some((r) => same(r, courierId, deliveryId)))
    write(list.filter((r) => !same(r, courierId, deliveryId)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab (or the page after the service worker's replay) may write it too.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The refused drop-off of this courier and delivery, if there is one. */
export function useHandoverRejection(
  courierId: number,
  deliveryId: number,
): HandoverRejection | undefined {
  const list = useSyncExternalStore(subscribe, read, read);
  return list.find((r) => same(r, courierId, deliveryId));
}
