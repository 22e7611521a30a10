/**
 * The buyer's handover codes of deliveries, read only through the codes' own statements
 * (src/server/lib/handover-tries-repository.ts): the buyer's list asks for theirs
 * (handoverCodesFor) and a drop-off checks one. No other query of deliveries joins it in
 * (docs/decisions/022-delivery-proof.md).
 */
import type { Db } from '#server/db/schema.js';
import { handoverCodesOf, newHandoverCode } from '#server/lib/handover-tries-repository.js';

/** A new random code for a delivery asked for with one: four digits, leading zeros kept. */
export async function createHandoverCode(db: Db, deliveryId: number) {
  await db
    .insertInto('handover_codes')
    .values({ delivery_id: deliveryId, code: newHandoverCode() })
    .execute();
}

/** The codes of these deliveries, by delivery: for their buyer's own list only. */
export const handoverCodesFor = (db: Db, deliveryIds: readonly number[]) =>
  handoverCodesOf(db, 'handover_codes', deliveryIds);
