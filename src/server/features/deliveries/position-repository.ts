import type { Selectable } from 'kysely';
import { rowByKey } from '#server/db/row-by-key.js';
import type { CourierPositionsTable, Db } from '#server/db/schema.js';

export type PositionRow = Selectable<CourierPositionsTable>;

export async function savePosition(db: Db, row: PositionRow) {
  await db
    .insertInto('courier_positions')
    .values(row)
    .onConflict((oc) =>
      oc.column('delivery_id').doUpdateSet({
        courier_id: row.courier_id,
        lat: row.lat,
        lng: row.lng,
        accuracy: row.accuracy,
        at: row.at,
      }),
    )
    .execute();
}

export function findPosition(db: Db, deliveryId: number) {
  return rowByKey(db, 'courier_positions', 'delivery_id', deliveryId);
}
