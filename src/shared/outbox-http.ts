/**
 * How the outbox talks to the server and holds its one lock, identically in the page and in
 * the service worker (both have `fetch` and, in current browsers, `navigator.locks`).
 */
import { API } from './api-paths.js';
import { detailsBody, type Answer, type OutboxEntry, type OutboxTransport } from './outbox.js';
import { photoDataUrl } from './photo-data.js';

/** A replayed request that hangs is given up and retried later. */
export const OUTBOX_TIMEOUT_MS = 15_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function call(fetchFn: Fetch, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetchFn(path, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(OUTBOX_TIMEOUT_MS),
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { ok: true, status: response.status, body };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function httpTransport(
  fetchFn: Fetch = (input, init) => fetch(input, init),
): OutboxTransport {
  return {
    me: () => call(fetchFn, API.me),
    current: (deliveryId) => call(fetchFn, API.delivery(deliveryId)),
    send: (entry: OutboxEntry) => {
      const photo = entry.details?.photo;
      return call(fetchFn, API.delivery(entry.deliveryId), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          delivery_status: entry.status,
          device_time: entry.deviceTime,
          ...detailsBody(entry.details),
          ...(photo && { proof_photo: photoDataUrl(photo) }),
        }),
      });
    },
  };
}

let tail: Promise<unknown> = Promise.resolve();

/** Without Web Locks, at least one replayer at a time within this page or worker. */
function withLocalLock<T>(task: () => Promise<T>): Promise<T> {
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
}

/**
 * One replayer at a time across every tab and the service worker: the Web Locks API where the
 * browser has it, a local queue where it does not.
 */
export function withOutboxLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return withLocalLock(task);
  return locks.request(name, () => task()) as Promise<T>;
}
