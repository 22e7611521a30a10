/**
 * How the outbox talks to the server and holds its one lock, identically in the page and in
 * the service worker (both have `fetch` and, in current browsers, `navigator.locks`).
 */
import * as accountPaths from './api-paths/accounts.js';
import * as messagePaths from './api-paths/messages.js';
import * as orderPaths from './api-paths/deliveries.js';
import { READ_DEADLINE_MS, WRITE_DEADLINE_MS } from './deadlines.js';
import { IDEMPOTENCY_HEADER, idempotencyHeaderValue } from './idempotency.js';
import {
  isMessageEntry,
  isSaleEntry,
  messageBody,
  SALE_OUTBOX_PATH,
  outboxBody,
  type Answer,
  type OutboxEntry,
  type OutboxTransport,
} from './outbox.js';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A replayed request that hangs is given up at its deadline and retried later. */
async function call(fetchFn: Fetch, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetchFn(path, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(init.method ? WRITE_DEADLINE_MS : READ_DEADLINE_MS),
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
    me: () => call(fetchFn, accountPaths.me),
    current: (deliveryId) => call(fetchFn, orderPaths.delivery(deliveryId)),
    send: (entry: OutboxEntry) => {
      const headers = {
        'content-type': 'application/json',
        // The same key as the first try (outbox-send.ts): a replay after a lost answer
        // gets that answer, whatever happened to the delivery since.
        ...(entry.key && { [IDEMPOTENCY_HEADER]: idempotencyHeaderValue(entry.key) }),
      };
      // A message also carries its client_id, which the server keeps for good.
      if (isMessageEntry(entry))
        return call(fetchFn, messagePaths.messages, {
          method: 'POST',
          headers,
          body: JSON.stringify(messageBody(entry)),
        });
      if (isSaleEntry(entry)) {
        const { method, path, body } = entry.request;
        // Only the sales calls: an entry is never a way to reach anything else.
        if (!SALE_OUTBOX_PATH.test(path))
          return Promise.resolve({ ok: true, status: 400, body: { message: 'Not a sale step' } });
        return call(fetchFn, path, { method, headers, body: JSON.stringify(body) });
      }
      return call(fetchFn, orderPaths.delivery(entry.deliveryId), {
        method: 'PUT',
        headers,
        body: JSON.stringify(outboxBody(entry)),
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
