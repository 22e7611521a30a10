import { sql, type Kysely } from 'kysely';

/**
 * Frozen in time. A favourite remembers what its owner was told, so that edits cannot flood
 * them (docs/decisions/026-notifications.md):
 * - `price_cents`: the price they kept it at, then the price they were last told of; a price
 *   drop is news only well below it. Favourites kept before are given the listing's price now;
 * - `drop_told_at`, `sold_told_at`: when they last heard of a lower price, of a sale (at most
 *   once a day each).
 */
export function watchFloods() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('favorites').addColumn('price_cents', 'integer').execute();
      await db.schema.alterTable('favorites').addColumn('drop_told_at', 'text').execute();
      await db.schema.alterTable('favorites').addColumn('sold_told_at', 'text').execute();
      await sql`update favorites set price_cents = (
        select price_cents from listings where listings.listing_id = favorites.listing_id
      )`.execute(db);
    },
  };
}
