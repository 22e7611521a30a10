/** Reads of accounts that several features make before they let one person reach another. */
import { hasRow } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';

/** Is there an account with this id (a receiver, a seller, someone to block)? */
export function userExists(db: Db, userId: number): Promise<boolean> {
  return hasRow(db.selectFrom('users').select('user_id').where('user_id', '=', userId));
}
