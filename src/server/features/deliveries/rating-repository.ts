/** The buyer's rating of a delivery's courier (the mean is read with the user: accounts). */
import type { DeliveryRating } from '#shared/schemas/deliveries.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

export async function insertDeliveryRating(
  db: Db,
  rating: Omit<DeliveryRating, 'created_at'> & { buyer_id: number },
): Promise<DeliveryRating> {
  return db
    .insertInto('delivery_ratings')
    .values({ ...rating, created_at: nowIso() })
    .returning(['delivery_id', 'courier_id', 'rating', 'comment', 'created_at'])
    .executeTakeFirstOrThrow();
}
