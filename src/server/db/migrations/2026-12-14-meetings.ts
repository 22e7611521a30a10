import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import {
  belongsTo,
  createIndex,
  mayName,
  numberedKey,
  oneOf,
  required,
  type Db,
} from './schema-parts.js';

/**
 * Frozen in time. The meeting on campus (docs/decisions/030-sales.md):
 * - `meetings`: a spot and a time for a held listing, proposed by one side and agreed by the
 *   other, and how it ended; one open meeting (Proposed or Agreed) a hold. The buyer's 4-digit
 *   handover code sits in the row as the delivery's does in `handover_codes` (plain digits, the
 *   wrong tries since the last lock, the lock's end); only the meetings repository's code
 *   statements read it.
 * - `sales.location`: where a sale made at a meeting changed hands; null for the others.
 */
export function meetings(dialect: DialectName) {
  const id = numberedKey(dialect);
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('meetings')
        .addColumn('meeting_id', 'integer', id)
        .addColumn('hold_id', 'integer', belongsTo('sale_holds.hold_id'))
        .addColumn('listing_id', 'integer', belongsTo('listings.listing_id'))
        .addColumn('seller_id', 'integer', belongsTo('users.user_id'))
        .addColumn('buyer_id', 'integer', belongsTo('users.user_id'))
        .addColumn('location', 'text', required)
        .addColumn('at', 'text', required)
        .addColumn('proposed_by', 'integer', belongsTo('users.user_id'))
        .addColumn('status', 'text', required)
        .addColumn('handover_code', 'text', required)
        /** Wrong codes since the last lock (or ever): a try is counted before it is checked. */
        .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('no_show_by', 'integer', mayName('users.user_id'))
        .addColumn('reminded_at', 'text')
        .addColumn('created_at', 'text', required)
        .addColumn('updated_at', 'text', required)
        .addCheckConstraint(
          'meetings_status',
          oneOf('status', ['Proposed', 'Agreed', 'Completed', 'NoShow', 'Cancelled']),
        )
        .execute();
      await createIndex(db, 'meetings_one_open', 'meetings', ['hold_id'], {
        unique: true,
        where: sql<boolean>`status in ('Proposed', 'Agreed')`,
      });
      await createIndex(db, 'meetings_seller', 'meetings', ['seller_id']);
      await createIndex(db, 'meetings_buyer', 'meetings', ['buyer_id']);
      // The work loop's reminders and lapses, and the moderators' no-shows.
      await createIndex(db, 'meetings_status_at', 'meetings', ['status', 'at']);

      await db.schema.alterTable('sales').addColumn('location', 'text').execute();
    },
  };
}
