/**
 * What only the buyer of a delivery reads about it on their own order list: the first name of
 * the courier who holds it and whether a courier gave it up. No other answer joins these in.
 */
import type { Db } from '#server/db/schema.js';

export interface BuyerDetails {
  courier_first_name: string | null;
  courier_gave_up: number;
}

/** By delivery, for these deliveries (the caller's own purchases). */
export async function buyerDetailsFor(
  db: Db,
  deliveries: readonly { delivery_id: number; courier_id: number | null }[],
): Promise<Map<number, BuyerDetails>> {
  const details = new Map<number, BuyerDetails>();
  if (deliveries.length === 0) return details;
  const courierIds = [
    ...new Set(deliveries.flatMap((d) => (d.courier_id === null ? [] : [d.courier_id]))),
  ];
  const names =
    courierIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['user_id', 'first_name'])
          .where('user_id', 'in', courierIds)
          .where('deleted_at', 'is', null)
          .execute();
  const firstNames = new Map(names.map((n) => [n.user_id, n.first_name]));
  // A delivery is created Unassigned without an event: an Unassigned event is a courier giving up.
  const givenUp = await db
    .selectFrom('delivery_events')
    .select('delivery_id')
    .distinct()
    .where(
      'delivery_id',
      'in',
      deliveries.map((d) => d.delivery_id),
    )
    .where('delivery_status', '=', 'Unassigned')
    .execute();
  const gaveUp = new Set(givenUp.map((g) => g.delivery_id));
  for (const d of deliveries) {
    details.set(d.delivery_id, {
      courier_first_name: (d.courier_id !== null && firstNames.get(d.courier_id)) || null,
      courier_gave_up: gaveUp.has(d.delivery_id) ? 1 : 0,
    });
  }
  return details;
}
