import { belongsTo, required, sameKeyAs, type Db } from './schema-parts.js';

// Frozen in time. Only the latest position per delivery is kept; it is deleted when the
// delivery ends or is given up.
export function courierPositions() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('courier_positions')
        .addColumn('delivery_id', 'integer', sameKeyAs('delivery_instructions.delivery_id'))
        .addColumn('courier_id', 'integer', belongsTo('users.user_id'))
        .addColumn('lat', 'double precision', required)
        .addColumn('lng', 'double precision', required)
        .addColumn('accuracy', 'double precision')
        .addColumn('at', 'text', required)
        .execute();
    },
  };
}
