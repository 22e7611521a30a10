/**
 * Who keeps an eye on listings hears of them through the notification centre: those who keep a
 * listing as a favourite of a lower price or its sale, the owners of the saved searches a new
 * listing answers of it (docs/api.md, "Favourites", "Saved searches").
 */
import type { FastifyInstance } from 'fastify';
import type { Category } from '#shared/constants.js';
import type { WatchedListing } from '#server/notifications/domain-events.js';
import type { PriceDrop } from './edit-repository.js';
import { favoritersOf } from './favorites-repository.js';
import { claimNotice, searchesMatching } from './saved-searches-repository.js';

type Seller = { vendor_id: number };

/**
 * Tells those who keep the listing as a favourite that its price dropped (`drop`) or that it
 * was sold; nothing is raised when nobody keeps it.
 */
export async function tellFavoriters(
  app: FastifyInstance,
  listing: WatchedListing & Seller,
  change: { drop: PriceDrop } | 'sold',
): Promise<void> {
  const watchers = await favoritersOf(app.db, listing.listing_id);
  if (watchers.length === 0) return;
  const { listing_id, title } = listing;
  const common = { actorId: listing.vendor_id, watchers };
  await app.notify(
    change === 'sold'
      ? { type: 'listing.sold', ...common, listing: { listing_id, title } }
      : {
          type: 'listing.price_dropped',
          ...common,
          listing: { listing_id, title, ...change.drop },
        },
  );
}

/**
 * A new listing: each saved search that finds it tells its owner, unless it told them of a
 * match within the hour (claimNotice takes the search's turn once, whatever runs at once).
 */
export async function tellSavedSearches(
  app: FastifyInstance,
  listing: WatchedListing & Seller & { category: Category },
): Promise<void> {
  const matches = await searchesMatching(app.db, app.dialect, listing);
  for (const match of matches) {
    if (!(await claimNotice(app.db, match.saved_search_id))) continue;
    await app.notify({
      type: 'saved_search.matched',
      actorId: listing.vendor_id,
      listing: { listing_id: listing.listing_id, title: listing.title },
      savedSearchId: match.saved_search_id,
      ownerId: match.user_id,
    });
  }
}
