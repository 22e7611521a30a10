import type { Db } from './schema.js';

/**
 * The messages two people wrote each other (`m`), either way: whether they talked, as an
 * `exists` of a review's or a hold's rule narrows it (about a listing, one of the seller's).
 */
export function messagesBetween(db: Db, one: number, other: number) {
  return db
    .selectFrom('direct_messages as m')
    .select('m.message_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('m.sender_id', '=', one), eb('m.receiver_id', '=', other)]),
        eb.and([eb('m.sender_id', '=', other), eb('m.receiver_id', '=', one)]),
      ]),
    );
}
