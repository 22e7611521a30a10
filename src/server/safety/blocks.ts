/**
 * Blocks between two people, read by every feature that lets one reach another (messages,
 * delivery requests). A block is silent: the blocked person is refused with the same words
 * whoever blocked whom.
 */
import { BLOCKED_MESSAGE } from '#shared/moderation.js';
import type { Db } from '#server/db/schema.js';
import { blocksBetween } from './repository.js';

/** Has either of the two blocked the other? Which one, when the caller blocked. */
export async function blockBetween(db: Db, callerId: number, otherId: number) {
  const rows = await blocksBetween(db, callerId, otherId);
  if (rows.length === 0) return null;
  return rows.some((r) => r.blocker_id === callerId) ? 'caller-blocked' : 'blocked-by-other';
}

/**
 * Why the caller may not reach `otherId`, for a 403: the other blocked them (said in words that
 * do not tell them so), or they blocked the other (with how to undo it); undefined when they may.
 */
export async function blockRefusal(
  db: Db,
  callerId: number,
  otherId: number,
): Promise<string | undefined> {
  const block = await blockBetween(db, callerId, otherId);
  if (block === 'blocked-by-other') return BLOCKED_MESSAGE;
  if (block === 'caller-blocked') {
    return 'You blocked this person. Unblock them on your profile to reach them again.';
  }
  return undefined;
}
