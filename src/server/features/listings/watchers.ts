/**
 * Who keeps an eye on listings hears of them through the notification centre: those who keep a
 * listing as a favourite of a lower price or its sale, the owners of the saved searches a new
 * listing answers of it (docs/api.md, "Favourites", "Saved searches").
 */
import type { FastifyInstance } from 'fastify';
import type { Category } from '#shared/constants.js';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import type { DomainEvent, WatchedListing } from '#server/notifications/domain-events.js';
import type { Expansion } from '#server/notifications/tell.js';
import type { PriceDrop } from './edit-repository.js';
import { claimDropNotices, claimSoldNotices } from './favorites-repository.js';
import { searchesMatching } from './saved-search-matches-repository.js';
import { claimNotices } from './saved-searches-repository.js';

type Seller = { vendor_id: number };

/**
 * Tells those who keep the listing as a favourite that its price dropped (`drop`) or that it
 * was sold: each at most once a day, and a drop only well below the price they kept it at
 * (claimDropNotices); nothing is raised when nobody is to hear.
 */
export async function tellFavoriters(
  app: FastifyInstance,
  listing: WatchedListing & Seller,
  change: { drop: PriceDrop } | 'sold',
): Promise<void> {
  const watchers =
    change === 'sold'
      ? await claimSoldNotices(app.db, listing.listing_id)
      : await claimDropNotices(app.db, listing.listing_id, {
          wasCents: Math.round(change.drop.was * 100),
          nowCents: Math.round(change.drop.now * 100),
        });
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
 * A new listing: one event on the request's path; the worker finds the saved searches it
 * answers (savedSearchExpansion), so a request never waits for them, however many are kept.
 */
export async function tellSavedSearches(
  app: FastifyInstance,
  listing: WatchedListing & Seller & { category: Category },
): Promise<void> {
  await app.notify({
    type: 'listing.listed',
    actorId: listing.vendor_id,
    listing: { listing_id: listing.listing_id, title: listing.title, category: listing.category },
  });
}

/**
 * What a `listing.listed` event stands for, in the notification worker: each saved search that
 * finds the listing tells its owner (saved_search.matched), unless it told them of a match within
 * the hour (claimNotices takes each search's turn once, whatever runs at once). A `listing.back`
 * (its hold ended) does the same, `back`, but for those its favourite told already.
 */
export function savedSearchExpansion(db: Db, dialect: DialectName) {
  return async (event: DomainEvent): Promise<Expansion | null> => {
    if (event.type !== 'listing.listed' && event.type !== 'listing.back') return null;
    const { listing, actorId } = event;
    const told = new Set(event.type === 'listing.back' ? event.except : []);
    const found = await searchesMatching(db, dialect, { ...listing, vendor_id: actorId });
    const matches = found.filter((m) => !told.has(m.user_id));
    const back = event.type === 'listing.back' ? { back: true as const } : {};
    return async (trx) => {
      const claimed = new Set(
        await claimNotices(
          trx,
          matches.map((m) => m.saved_search_id),
        ),
      );
      return matches
        .filter((m) => claimed.has(m.saved_search_id))
        .map((m) => ({
          type: 'saved_search.matched' as const,
          actorId,
          listing: { listing_id: listing.listing_id, title: listing.title },
          savedSearchId: m.saved_search_id,
          ownerId: m.user_id,
          ...back,
        }));
    };
  };
}
