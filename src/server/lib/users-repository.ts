/** Reads of accounts that several features make before they let one person reach another. */
import { hasRow } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';

/**
 * Whether there is an account with this id (a receiver, a seller, someone to block), and
 * whether its owner deleted it (docs/decisions/027-backups-metrics-and-leaving.md): a deleted
 * account still authors what others read, but no one can reach it any more.
 */
export async function accountState(
  db: Db,
  userId: number,
): Promise<'absent' | 'present' | 'deleted'> {
  const row = await db
    .selectFrom('users')
    .select(['user_id', 'deleted_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'absent';
  return row.deleted_at === null ? 'present' : 'deleted';
}

/** Is there an account with this id (a receiver, a seller, someone to block), deleted or not? */
export function userExists(db: Db, userId: number): Promise<boolean> {
  return hasRow(db.selectFrom('users').select('user_id').where('user_id', '=', userId));
}
