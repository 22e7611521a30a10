/** Reads of accounts that several features make before they let one person reach another. */
import type { Db } from '#server/db/schema.js';

/** Is there an account with this id (a receiver, a seller, someone to block)? */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
