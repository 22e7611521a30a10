import type { Db } from './schema.js';
import { shownUsername } from './shown-name.js';

/**
 * Meetings on campus (`m`) with what every list of them shows: the listing (`l`) and its
 * product's title (`p`), the seller (`s`) and the buyer (`b`) by their shown names, the spot and
 * the time, who said the other did not come, and the last change. The sales area's own reads and
 * the moderators' list of no-shows select from it.
 */
export function meetingsWithParties(db: Db) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('listings as l', 'l.listing_id', 'm.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .innerJoin('users as s', 's.user_id', 'm.seller_id')
    .innerJoin('users as b', 'b.user_id', 'm.buyer_id')
    .select([
      'm.meeting_id',
      'm.listing_id',
      'p.title',
      'm.seller_id',
      shownUsername('s').as('seller_username'),
      'm.buyer_id',
      shownUsername('b').as('buyer_username'),
      'm.location',
      'm.at',
      'm.no_show_by',
      'm.updated_at',
    ]);
}
