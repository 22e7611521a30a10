/** What the sitemap lists of the listings: every one a visitor can open, with its last change. */
import type { Db } from '#server/db/schema.js';

export interface SitemapListing {
  listing_id: number;
  /** When it was posted, or when its price last changed, whichever is later (ISO). */
  changed_at: string;
}

/**
 * Active listings in id order (a listing keeps its place in the split files). Hidden ones are
 * stored Deleted and sold ones leave, as they leave search. A listing has no column for its
 * last edit of text: its posting and its price changes are what is dated.
 */
export async function sitemapListings(db: Db): Promise<SitemapListing[]> {
  const priceChanges = db
    .selectFrom('listing_price_changes')
    .select((eb) => ['listing_id', eb.fn.max('changed_at').as('last_change')])
    .groupBy('listing_id')
    .as('changes');
  const rows = await db
    .selectFrom('listings')
    .leftJoin(priceChanges, 'changes.listing_id', 'listings.listing_id')
    .select(['listings.listing_id', 'listings.listing_date', 'changes.last_change'])
    .where('listings.listing_status', '=', 'Active')
    .orderBy('listings.listing_id')
    .execute();
  return rows.map((row) => ({
    listing_id: row.listing_id,
    changed_at:
      row.last_change && row.last_change > row.listing_date ? row.last_change : row.listing_date,
  }));
}
