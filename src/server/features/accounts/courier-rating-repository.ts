import type { Db } from '#server/db/schema.js';

/**
 * A courier's rating as GET /api/user/{id} carries it: the mean of their deliveries' ratings
 * rounded half up (the rule sellers' ratings follow), null while there is none.
 */
export async function courierRatingOf(db: Db, courierId: number) {
  const row = await db
    .selectFrom('delivery_ratings')
    .select((eb) => [
      eb.fn.avg<number | string | null>('rating').as('mean'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('courier_id', '=', courierId)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return {
    courier_rating: count === 0 || row.mean === null ? null : Math.floor(Number(row.mean) + 0.5),
    courier_rating_count: count,
  };
}
