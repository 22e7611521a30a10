/**
 * The statements of the queues in the database (mail, notification events, push): claiming the
 * rows that are due, sending one back for a retry, giving it up, letting it leave (queue.ts).
 */
import { sql, type Selectable } from 'kysely';
import type { DialectName } from '#server/db/connect.js';
import type { Database, Db } from '#server/db/schema.js';
import { nowIso } from './time.js';

const ID_COLUMN = {
  mail_outbox: 'mail_id',
  notification_events: 'event_id',
  push_outbox: 'push_id',
} as const;
export type QueueTable = keyof typeof ID_COLUMN;

/**
 * Claims up to `limit` rows that are due (queued with their time come, or claimed by a worker
 * whose lease ran out: an instance that stopped mid-send) in one statement. On PostgreSQL the
 * inner select skips rows another worker holds, so parallel workers take different rows instead
 * of queueing behind one, and it runs once (an array, not `IN`: the planner may run an `IN`
 * subquery again for each row, each time skipping to other rows, and claim more than `limit`);
 * the outer condition is checked again on each row's newest version, so a row claimed
 * meanwhile is not claimed twice. SQLite has one writer: the statement is atomic as it is.
 */
export async function claimDue<T extends QueueTable>(
  db: Db,
  dialect: DialectName,
  table: T,
  leaseUntil: string,
  limit = 1,
): Promise<Selectable<Database[T]>[]> {
  const now = nowIso();
  const id = sql.ref(ID_COLUMN[table]);
  const due = sql`((status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until < ${now}))`;
  const picked = sql`select ${id} from ${sql.table(table)} where ${due} order by next_attempt_at limit ${limit}`;
  const chosen =
    dialect === 'postgres'
      ? sql`${id} = any(array(${picked} for update skip locked))`
      : sql`${id} in (${picked})`;
  const result = await sql<Selectable<Database[T]>>`
    update ${sql.table(table)}
    set status = 'sending', lease_until = ${leaseUntil}, attempts = attempts + 1
    where ${chosen} and ${due}
    returning *`.execute(db);
  return result.rows;
}

/** Not done yet: due again at `nextAttemptAt`. Only while this worker still holds the row. */
export async function retryLater(
  db: Db,
  table: Exclude<QueueTable, 'mail_outbox'>,
  rowId: number,
  nextAttemptAt: string,
  error: string,
): Promise<void> {
  await sql`update ${sql.table(table)}
    set status = 'queued', next_attempt_at = ${nextAttemptAt}, lease_until = null, last_error = ${error}
    where ${sql.ref(ID_COLUMN[table])} = ${rowId} and status = 'sending'`.execute(db);
}

/** Given up for good: kept as `failed` (counted, then purged) with the reason. */
export async function giveUp(
  db: Db,
  table: Exclude<QueueTable, 'mail_outbox'>,
  rowId: number,
  error: string,
): Promise<void> {
  await sql`update ${sql.table(table)}
    set status = 'failed', lease_until = null, last_error = ${error}
    where ${sql.ref(ID_COLUMN[table])} = ${rowId} and status = 'sending'`.execute(db);
}

/** Done: the row leaves the queue. */
export async function finish(
  db: Db,
  table: Exclude<QueueTable, 'mail_outbox'>,
  rowIds: readonly number[],
): Promise<void> {
  if (rowIds.length === 0) return;
  await sql`delete from ${sql.table(table)}
    where ${sql.ref(ID_COLUMN[table])} in (${sql.join(rowIds)})`.execute(db);
}

/** Forgets rows given up before `before`. */
export async function purgeFailed(
  db: Db,
  table: Exclude<QueueTable, 'mail_outbox'>,
  before: string,
): Promise<void> {
  await sql`delete from ${sql.table(table)}
    where status = 'failed' and created_at < ${before}`.execute(db);
}
