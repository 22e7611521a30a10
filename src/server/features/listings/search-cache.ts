import { LRUCache } from 'lru-cache';
import type { Connection } from '#server/db/connect.js';
import { searchEpoch } from './search-repository.js';

/**
 * Search results, kept as the UTF-8 JSON bytes sent, until anything they show changes. Every
 * change to listings, products or a seller's name or rating bumps the database's search epoch
 * (triggers, so writes from any process or instance count); a cached answer is used only while
 * the epoch it was computed at is still current. One read of the epoch per request replaces the
 * search. Answers also expire after a minute, as "posted in the last 24 hours" moves with the
 * clock. docs/decisions/010-search-index.md
 */
export interface SearchCache {
  /** The cached JSON for `key` if it is still current. */
  cached: (key: string) => Promise<Buffer | undefined>;
  /** The cached JSON for `key`, or `compute()`'s result serialized and remembered. */
  get: (key: string, compute: () => Promise<unknown>) => Promise<Buffer>;
}

export interface SearchCacheOptions {
  readEpoch: () => Promise<number>;
  /** Upper bound on the cached JSON, in bytes. */
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The UTF-8 bytes of `json` in a buffer of their own: a small Buffer.from() is a slice of a
 * shared 8 KB slab, which a cached slice would keep alive whole.
 */
function bytesOf(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/** Bytes an entry costs besides its JSON and key (Map entry, object, Buffer header). */
const ENTRY_OVERHEAD = 200;

interface Entry {
  json: Buffer;
  at: number;
}

export function createSearchCache({
  readEpoch,
  maxBytes = 8 * 1024 * 1024,
  maxAgeMs = 60_000,
  now = Date.now,
}: SearchCacheOptions): SearchCache {
  let epoch = Number.NaN;
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => entry.json.length + key.length + ENTRY_OVERHEAD,
  });
  const pending = new Map<string, Promise<Buffer>>();

  const cached = async (key: string) => {
    const current = await readEpoch();
    if (current !== epoch) {
      entries.clear();
      pending.clear();
      epoch = current;
    }
    const hit = entries.get(key);
    if (hit === undefined) return undefined;
    if (now() - hit.at < maxAgeMs) return hit.json;
    entries.delete(key);
    return undefined;
  };

  return {
    cached,
    async get(key, compute) {
      const hit = await cached(key);
      if (hit !== undefined) return hit;
      // Requests for the same search while it runs share one computation.
      let running = pending.get(key);
      if (!running) {
        // Bytes, not a string: each answer then goes out without being encoded again.
        running = compute().then((value) => bytesOf(JSON.stringify(value)));
        pending.set(key, running);
        const computedAt = epoch;
        const startedAt = now();
        void running
          .then((json) => {
            if (epoch === computedAt && pending.get(key) === running) {
              entries.set(key, { json, at: startedAt });
            }
          })
          .catch(() => {})
          .finally(() => {
            if (pending.get(key) === running) pending.delete(key);
          });
      }
      return running;
    },
  };
}

/**
 * The server's one read outside Kysely, kept because `npm run bench` shows it pays
 * (docs/decisions/019-one-data-path.md). Every search answer, cached or not, first reads the
 * search epoch; through Kysely that read costs more than sending the cached answer. On SQLite
 * this reader uses one prepared statement and lets a read answer for the requests arriving
 * within the next millisecond (under load, dozens), unless this process wrote in between: a
 * change made here is seen by the very next request, one made by another process within a
 * millisecond. PostgreSQL reads through Kysely every time.
 */
export const EPOCH_READ_MS = 1;

export function searchEpochReader(
  database: Connection,
  now: () => number = () => performance.now(),
): () => Promise<number> {
  const { sqlite, localWrites } = database;
  if (!sqlite || !localWrites) return () => searchEpoch(database.db);
  const read = sqlite.prepare('select n from search_epoch where id = 1').pluck();
  let epoch = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let writesSeen = -1;
  return async () => {
    const at = now();
    const writes = localWrites();
    if (writes !== writesSeen || at - readAt >= EPOCH_READ_MS) {
      epoch = Number(read.get() ?? 0);
      readAt = at;
      writesSeen = writes;
    }
    return epoch;
  };
}
