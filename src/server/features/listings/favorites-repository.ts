/** Favourites: who keeps an eye on which listing. */
import { sql } from 'kysely';
import { LIMITS } from '#shared/constants.js';
import type { Favorite } from '#shared/schemas/favorites.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import { listingQuery, toListing } from './search-repository.js';

/**
 * The person's favourites, latest chosen first. Sold ones stay (they see it went); deleted and
 * hidden ones leave the list while they are gone.
 */
export async function favoritesOf(db: Db, userId: number): Promise<Favorite[]> {
  const rows = await listingQuery(db)
    .innerJoin('favorites', 'favorites.listing_id', 'listings.listing_id')
    .select('favorites.created_at as favorited_at')
    .where('favorites.user_id', '=', userId)
    .where('listings.listing_status', '!=', 'Deleted')
    .orderBy('favorites.created_at', 'desc')
    .orderBy('listings.listing_id', 'desc')
    .limit(LIMITS.favorites)
    .execute();
  return rows.map((row) => ({ ...toListing(row), favorited_at: row.favorited_at }));
}

/**
 * Keeps the listing among the person's favourites: `added`, `kept` (it was already), or `full`
 * (the limit reached). One statement, so parallel taps cannot pass the limit.
 */
export async function addFavorite(db: Db, userId: number, listingId: number) {
  const result = await db
    .insertInto('favorites')
    .columns(['user_id', 'listing_id', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          sql<number>`cast(${userId} as integer)`.as('user_id'),
          sql<number>`cast(${listingId} as integer)`.as('listing_id'),
          sql<string>`cast(${nowIso()} as text)`.as('created_at'),
        ])
        .where(
          (eb) =>
            eb
              .selectFrom('favorites')
              .select((e) => e.fn.countAll<number>().as('n'))
              .where('user_id', '=', userId),
          '<',
          LIMITS.favorites,
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'listing_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return 'added';
  const kept = await db
    .selectFrom('favorites')
    .select('listing_id')
    .where((eb) => eb.and(theFavorite(userId, listingId)))
    .executeTakeFirst();
  return kept ? 'kept' : 'full';
}

export async function removeFavorite(db: Db, userId: number, listingId: number) {
  await db
    .deleteFrom('favorites')
    .where((eb) => eb.and(theFavorite(userId, listingId)))
    .execute();
}

/** The row of one person's favourite, as a condition. */
const theFavorite = (userId: number, listingId: number) => ({
  user_id: userId,
  listing_id: listingId,
});

/** Who keeps an eye on the listing (to tell them of a lower price or a sale). */
export async function favoritersOf(db: Db, listingId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('user_id')
    .where('listing_id', '=', listingId)
    .execute();
  return rows.map((row) => row.user_id);
}
