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

export async function tellOfPriceDrop(
  app: FastifyInstance,
  listing: WatchedListing & Seller,
  drop: PriceDrop,
): Promise<void> {
  const watchers = await favoritersOf(app.db, listing.listing_id);
  if (watchers.length === 0) return;
  await app.notify({
    type: 'listing.price_dropped',
    actorId: listing.vendor_id,
    listing: { listing_id: listing.listing_id, title: listing.title, ...drop },
    watchers,
  });
}

export async function tellOfSale(
  app: FastifyInstance,
  listing: WatchedListing & Seller,
): Promise<void> {
  const watchers = await favoritersOf(app.db, listing.listing_id);
  if (watchers.length === 0) return;
  await app.notify({
    type: 'listing.sold',
    actorId: listing.vendor_id,
    listing: { listing_id: listing.listing_id, title: listing.title },
    watchers,
  });
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
