import { required, requiredColumns, sameKeyAs, userColumns, type Db } from './schema-parts.js';

// Frozen in time. Only the latest position per delivery is kept; it is deleted when the
// delivery ends or is given up.
export function courierPositions() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('courier_positions')
        .addColumn('delivery_id', 'integer', sameKeyAs('delivery_instructions.delivery_id'))
        .$call(userColumns('courier_id'))
        .$call(requiredColumns('double precision', 'lat', 'lng'))
        .addColumn('accuracy', 'double precision')
        .addColumn('at', 'text', required)
        .execute();
    },
  };
}
