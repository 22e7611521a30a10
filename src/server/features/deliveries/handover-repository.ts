/**
 * The buyer's handover codes of deliveries. Only this file and the tries' statements
 * (src/server/lib/handover-tries-repository.ts) read the `code` column: the buyer's list asks for
 * theirs (handoverCodesFor) and a drop-off checks one. No other query of deliveries joins it in
 * (docs/decisions/022-delivery-proof.md).
 */
import type { Db } from '#server/db/schema.js';
import { newHandoverCode } from '#server/lib/handover-tries-repository.js';

/** A new random code for a delivery asked for with one: four digits, leading zeros kept. */
export async function createHandoverCode(db: Db, deliveryId: number) {
  await db
    .insertInto('handover_codes')
    .values({ delivery_id: deliveryId, code: newHandoverCode() })
    .execute();
}

/** The codes of these deliveries, by delivery: for their buyer's own list only. */
export async function handoverCodesFor(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('handover_codes')
    .select(['delivery_id', 'code'])
    .where('delivery_id', 'in', deliveryIds)
    .execute();
  return new Map(rows.map((r) => [r.delivery_id, r.code]));
}
