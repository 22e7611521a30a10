import { deletedAny } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';

/** The people `blockerId` blocked, most recent first. */
export function blocksOf(db: Db, blockerId: number) {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.user_id', 'blocks.blocked_id')
    .select([
      'users.user_id',
      shownUsername('users').as('username'),
      'blocks.created_at as blocked_at',
    ])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.user_id', 'desc')
    .execute();
}

/** Blocks `blockedId`; a repeated block keeps the first one's time. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number) {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

/** True when there was a block to lift. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number) {
  return deletedAny(
    db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId),
  );
}
