import type { Connection } from '#server/db/connect.js';
import { searchEpoch } from './search-repository.js';

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
