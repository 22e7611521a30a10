import type { Kysely } from 'kysely';

// Frozen in time. Only the latest position per delivery is kept; it is deleted when the
// delivery ends or is given up.
export function courierPositions() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('courier_positions')
        .addColumn('delivery_id', 'integer', (c) =>
          c.primaryKey().references('delivery_instructions.delivery_id').onDelete('cascade'),
        )
        .addColumn('courier_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('accuracy', 'double precision')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
