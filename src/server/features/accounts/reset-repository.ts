/** The SQL of password reset links: only a hash of each link's token is kept. */
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

/** A new link, live for `lifetimeMs` from now (both times from one reading of the clock). */
export async function insertReset(
  db: Db,
  reset: { token_hash: string; user_id: number; lifetimeMs: number },
) {
  const at = Date.now();
  const now = new Date(at).toISOString();
  // Links used or run out are of no further use to anyone.
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', reset.user_id)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.token_hash,
      user_id: reset.user_id,
      created_at: now,
      expires_at: new Date(at + reset.lifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Uses the link once: marks it used if it is live and answers whose it is. One conditional
 * statement, so two requests with the same link cannot both succeed.
 */
export async function useReset(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every other link of the user stops working (the password just changed). */
export async function deleteResets(db: Db, userId: number) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
