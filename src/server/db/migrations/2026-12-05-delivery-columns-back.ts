import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. The delivery-proof migration (2026-12-02) was merged after the sign-in guard
 * (2026-12-04), and migrations merged out of date order still apply. A SQLite database that
 * ran the sign-in guard first had its three delivery tables made again by delivery-proof from
 * the columns of 2026-12-02, so it lost `delivery_events.device_at_adjusted` and
 * `delivery_requests.decline_reason`. They come back here, as the sign-in guard made them
 * (their old values are gone: no time reads as adjusted, no decline has its reason).
 * Any other database has both already and nothing changes; PostgreSQL alters tables in place.
 */

// Kysely<any>: a migration describes the schema of its own date, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

async function hasColumn(db: Db, table: string, column: string): Promise<boolean> {
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.some((r) => r.name === column);
}

export function deliveryColumnsBack(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'sqlite') return;
      if (!(await hasColumn(db, 'delivery_events', 'device_at_adjusted'))) {
        await sql`alter table delivery_events add column device_at_adjusted integer not null
          default 0 check (device_at_adjusted in (0, 1))`.execute(db);
      }
      if (!(await hasColumn(db, 'delivery_requests', 'decline_reason'))) {
        await db.schema
          .alterTable('delivery_requests')
          .addColumn('decline_reason', 'text')
          .execute();
      }
    },
  };
}
