/**
 * The outbox in IndexedDB, over the store `idbStore(OUTBOX.db, OUTBOX.store)` that the page and
 * the service worker each open (idb-store.ts: every operation has a deadline).
 * Entries are keyed by their id, so reading them back gives the replay order.
 */
import type { UseStore } from './idb-store.js';
import {
  isMessageEntry,
  isSaleEntry,
  sameChange,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxStore,
} from './outbox.js';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function idbOutboxStore(useStore: UseStore): OutboxStore & {
  add(entry: NewOutboxEntry, now?: number): Promise<OutboxEntry>;
  clear(): Promise<void>;
} {
  return {
    list: () => useStore('readonly', (s) => request(s.getAll() as IDBRequest<OutboxEntry[]>)),

    remove: (id) =>
      useStore('readwrite', (s) => {
        s.delete(id);
        return done(s.transaction);
      }),

    update: (entry) =>
      useStore('readwrite', async (s) => {
        const completed = done(s.transaction);
        if ((await request(s.getKey(entry.id))) !== undefined) s.put(entry, entry.id);
        return completed;
      }),

    /**
     * Adds an entry after every other one, in one transaction. The same change for the same
     * delivery (or the same message) waiting already is not added twice: it is the same change.
     */
    add: (fresh, now = Date.now()) =>
      useStore('readwrite', async (s) => {
        const completed = done(s.transaction);
        const existing = (await request(s.getAll())) as OutboxEntry[];
        const same = existing.find((e) => sameChange(e, fresh));
        if (same) {
          await completed;
          return same;
        }
        const last = existing.at(-1)?.id ?? 0;
        const waiting = {
          id: Math.max(now, last + 1),
          deviceTime: fresh.deviceTime ?? new Date(now).toISOString(),
          createdAt: now,
          attempts: 0,
        };
        const entry: OutboxEntry = isMessageEntry(fresh)
          ? {
              ...waiting,
              kind: 'message',
              senderId: fresh.senderId,
              message: fresh.message,
              key: fresh.key,
            }
          : isSaleEntry(fresh)
            ? {
                ...waiting,
                kind: 'sale',
                userId: fresh.userId,
                request: fresh.request,
                key: fresh.key,
              }
            : {
                ...waiting,
                deliveryId: fresh.deliveryId,
                courierId: fresh.courierId,
                status: fresh.status,
                ...(fresh.key && { key: fresh.key }),
                ...(fresh.details && { details: fresh.details }),
              };
        s.put(entry, entry.id);
        await completed;
        return entry;
      }),

    clear: () =>
      useStore('readwrite', (s) => {
        s.clear();
        return done(s.transaction);
      }),
  };
}
