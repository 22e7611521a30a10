/**
 * TanStack Query's cache kept in IndexedDB (idb-keyval), one saved cache per user, so the last
 * seen listings, orders and deliveries render offline and one user's data never shows to the
 * next (docs/decisions/009-persisted-query-cache.md).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import type { IdbStore } from '#shared/idb-store.js';
import { pageIdbStore } from './page-idb-store';

/** Bump whenever the shape of a cached response changes: older saved caches are discarded. */
export const CACHE_VERSION = '2026-11-23.1';
/** A saved cache older than this is not restored (matches the query client's gcTime). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** In localStorage on purpose: sign-out clears it, an expiry does not, so the two differ. */
const OWNER_MARK = 'cacheOwner';

let idbStore: IdbStore | null = null;
const cacheStore = () => (idbStore ??= pageIdbStore('campus-cache', 'queries')).use;

export const cacheKey = (userId: number | null) => `query-cache:${userId ?? 'anonymous'}`;

export interface IdbPersister extends Persister {
  /** Forget a save that has not been written yet. */
  cancel(): void;
  /** Write a waiting save now. */
  flush(): Promise<void>;
}

/**
 * Saves at most once per `throttleMs`, the first change after a quiet spell at once, so a page
 * left right after a change has most likely saved it already; the latest state wins. A save
 * that fails (a deadline missed, the page put away) is kept for the next one. A saved copy that
 * cannot be read in time counts as none: the app starts without it and keeps it on disk.
 */
export function idbPersister(key: string, throttleMs = 1000): IdbPersister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | null = null;
  let lastSaveAt = -Infinity;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const toSave = latest;
    latest = null;
    if (!toSave) return;
    lastSaveAt = Date.now();
    await set(key, toSave, cacheStore()).catch(() => {
      latest ??= toSave;
    });
  };
  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => void flush(), Math.max(0, lastSaveAt + throttleMs - Date.now()));
    },
    flush,
    async restoreClient() {
      // A second try opens a new connection, which frees a database held elsewhere.
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          return await get<PersistedClient>(key, cacheStore());
        } catch {
          // Missed its deadline or the page is being put away.
        }
      }
      return undefined;
    },
    removeClient: () => del(key, cacheStore()),
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
    },
  };
}

export interface QueryPersistence {
  /** Restores the saved cache of `userId` (null: signed out) and keeps saving it. */
  start(userId: number | null): Promise<void>;
  /** Follows a sign-in, sign-out or session expiry. */
  switchUser(userId: number | null): Promise<void>;
  /** Writes what is waiting to be saved (e.g. when the page is hidden). */
  flush(): Promise<void>;
}

export function createQueryPersistence(
  queryClient: QueryClient,
  { throttleMs = 1000, buster = CACHE_VERSION } = {},
): QueryPersistence {
  let owner: number | null = null;
  let persister: IdbPersister | null = null;
  let unsubscribe = () => {};

  async function attach(userId: number | null) {
    owner = userId;
    if (userId !== null) localStorage.setItem(OWNER_MARK, String(userId));
    persister = idbPersister(cacheKey(userId), throttleMs);
    try {
      await persistQueryClientRestore({
        queryClient,
        persister,
        maxAge: CACHE_MAX_AGE_MS,
        buster,
      });
    } catch {
      // A broken saved cache is dropped by the restore; the app simply starts empty.
    }
    unsubscribe = persistQueryClientSubscribe({
      queryClient,
      persister,
      buster,
      // Only answers worth showing again: never errors or half-finished fetches.
      dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
    });
  }

  return {
    start: attach,
    flush: () => persister?.flush() ?? Promise.resolve(),
    async switchUser(next) {
      if (next === owner) return;
      const previous = owner;
      const previousPersister = persister;
      unsubscribe();
      previousPersister?.cancel();
      if (previous !== null) {
        // Nothing of the previous user stays in memory for whoever comes next.
        queryClient.clear();
        // Sign-out clears all of localStorage, our mark included; an expiry keeps it, and
        // keeps the saved cache for when the same user signs in again.
        const signedOut = localStorage.getItem(OWNER_MARK) === null;
        if (signedOut) await previousPersister?.removeClient();
      }
      await attach(next);
    },
  };
}
