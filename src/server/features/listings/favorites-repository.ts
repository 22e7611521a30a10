/** Favourites: who keeps an eye on which listing. */
import { sql, type ExpressionBuilder } from 'kysely';
import { FAVORITE_NOTICE_MS, FAVORITE_PRICE_DROP, LIMITS } from '#shared/constants.js';
import type { Favorite } from '#shared/schemas/listings-favorites.js';
import type { Database, Db } from '#server/db/schema.js';
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
    .columns(['user_id', 'listing_id', 'created_at', 'price_cents'])
    .expression(
      db
        .selectNoFrom((eb) => [
          sql<number>`cast(${userId} as integer)`.as('user_id'),
          sql<number>`cast(${listingId} as integer)`.as('listing_id'),
          sql<string>`cast(${nowIso()} as text)`.as('created_at'),
          // The price it is kept at: a later drop is news only well below it.
          eb
            .selectFrom('listings')
            .select('price_cents')
            .where('listing_id', '=', listingId)
            .as('price_cents'),
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

/** Those whose turn it is: not told of this kind of news about it in the last day. */
const dueSince = (column: 'drop_told_at' | 'sold_told_at', now: Date) => {
  const since = new Date(now.getTime() - FAVORITE_NOTICE_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'favorites'>) =>
    eb.or([eb(column, 'is', null), eb(column, '<=', since)]);
};

/**
 * Those who keep the listing and hear that its price dropped to `nowCents`: only at a real drop
 * from the price they kept it at or were last told of (FAVORITE_PRICE_DROP; kept before that
 * was remembered: from `wasCents`), at most once a day. One statement takes their turn and
 * remembers the new price, so repeated small cuts tell nobody and parallel edits tell once.
 */
export async function claimDropNotices(
  db: Db,
  listingId: number,
  drop: { wasCents: number; nowCents: number },
  now = new Date(),
): Promise<number[]> {
  const { percent, cents } = FAVORITE_PRICE_DROP;
  const kept = sql<number>`coalesce(price_cents, ${drop.wasCents})`;
  const rows = await db
    .updateTable('favorites')
    .set({ price_cents: drop.nowCents, drop_told_at: now.toISOString() })
    .where('listing_id', '=', listingId)
    .where(dueSince('drop_told_at', now))
    .where(sql<boolean>`${kept} - ${drop.nowCents} >= ${cents}`)
    .where(sql<boolean>`${drop.nowCents} * 100 <= ${kept} * ${100 - percent}`)
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Those who keep the listing and hear that it was sold: at most once a day (one statement). */
export async function claimSoldNotices(
  db: Db,
  listingId: number,
  now = new Date(),
): Promise<number[]> {
  const rows = await db
    .updateTable('favorites')
    .set({ sold_told_at: now.toISOString() })
    .where('listing_id', '=', listingId)
    .where(dueSince('sold_told_at', now))
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}
