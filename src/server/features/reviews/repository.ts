import { sql } from 'kysely';
import { hasRow } from '#server/db/has-row.js';
import { messagesBetween } from '#server/db/either-way.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';

function reviewQuery(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.user_id', 'reviews.author_id')
    .select((eb) => [
      'reviews.review_id',
      'reviews.author_id',
      'reviews.vendor_id',
      'reviews.rating',
      'reviews.comment',
      'reviews.review_date',
      shownUsername('users').as('username'),
      // "Bought here": the reviewer has a sale from this seller on record.
      eb
        .exists(
          eb
            .selectFrom('sales')
            .select('sales.sale_id')
            .whereRef('sales.seller_id', '=', 'reviews.vendor_id')
            .whereRef('sales.buyer_id', '=', 'reviews.author_id'),
        )
        .as('bought_here'),
    ]);
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

/**
 * `bought_here: true` only when it is so (1 or true, by engine): absent otherwise, so spec
 * clients read the review shape they know.
 */
function toReview({ bought_here, ...review }: ReviewRow) {
  return bought_here ? { ...review, bought_here: true } : review;
}

/** Reviews of a seller, newest first. */
export async function reviewsOf(db: Db, vendorId: number) {
  const rows = await reviewQuery(db)
    .where('reviews.vendor_id', '=', vendorId)
    .orderBy('reviews.review_date', 'desc')
    .orderBy('reviews.review_id', 'desc')
    .execute();
  return rows.map(toReview);
}

export async function findReview(db: Db, reviewId: number) {
  return toReview(
    await reviewQuery(db).where('reviews.review_id', '=', reviewId).executeTakeFirstOrThrow(),
  );
}

export function hasReviewed(db: Db, authorId: number, vendorId: number) {
  return hasRow(
    db
      .selectFrom('reviews')
      .select('review_id')
      .where('author_id', '=', authorId)
      .where('vendor_id', '=', vendorId),
  );
}

export interface NewReview {
  author_id: number;
  vendor_id: number;
  rating: number;
  comment: string;
  review_date?: string;
}

/** Adds a review and sets the seller's rating (the rounded mean) and number of reviews. */
export async function insertReview(db: Db, review: NewReview) {
  return db.transaction().execute(async (trx) => {
    // Lock the seller's row first (a no-op update works in both engines), so two reviews of one
    // seller at once queue up and the second mean sees the first review.
    await trx
      .updateTable('users')
      .set((eb) => ({ rating: eb.ref('rating') }))
      .where('user_id', '=', review.vendor_id)
      .execute();
    const { review_id } = await trx
      .insertInto('reviews')
      .values({ review_date: nowIso(), ...review })
      .returning('review_id')
      .executeTakeFirstOrThrow();
    // avg() of integers is numeric in PostgreSQL and real in SQLite; round() of either rounds
    // halves away from zero (4.5 -> 5). A float in PostgreSQL would round halves to even.
    await trx
      .updateTable('users')
      .set({
        rating: sql<number>`(select cast(round(avg(rating)) as integer) from reviews where vendor_id = ${review.vendor_id})`,
        review_count: sql<number>`(select count(*) from reviews where vendor_id = ${review.vendor_id})`,
      })
      .where('user_id', '=', review.vendor_id)
      .execute();
    return review_id;
  });
}

/**
 * Has the author dealt with the seller: a conversation about one of the seller's listings
 * (either of them writing), an item the seller's delivery brought them, or a sale to them on
 * record (a meeting on campus, "Mark as Sold" naming them)? Only then may they review.
 */
export async function hadInteraction(db: Db, authorId: number, vendorId: number) {
  const row = await db
    .selectNoFrom(({ exists, selectFrom, or }) =>
      or([
        exists(
          messagesBetween(db, authorId, vendorId)
            .innerJoin('listings as l', 'l.listing_id', 'm.listing_id')
            .where('l.vendor_id', '=', vendorId),
        ),
        exists(
          selectFrom('delivery_instructions')
            .select('delivery_id')
            .where('buyer_id', '=', authorId)
            .where('vendor_id', '=', vendorId)
            .where('delivery_status', '=', 'Delivered'),
        ),
        exists(
          selectFrom('sales')
            .select('sale_id')
            .where('buyer_id', '=', authorId)
            .where('seller_id', '=', vendorId),
        ),
      ]).as('yes'),
    )
    .executeTakeFirst();
  return Boolean(Number(row?.yes ?? 0));
}
