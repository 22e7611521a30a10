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
 * Frozen in time. A sale, start to finish (docs/decisions/030-sales.md):
 * - `offers`: a buyer's amount for a listing, the seller's counter, and how it ended; one open
 *   offer (Pending or Countered) per buyer and listing;
 * - `sale_holds`: a listing reserved for one buyer until `expires_at`; one Active hold a listing
 *   (a moderator's hiding is `listing_holds`, another thing);
 * - `sales`: who bought what, for how much and how; one a listing. A buyer's account deleted
 *   later stays named ("Deleted user": the row stays, emptied).
 *
 * Listings marked Sold before today get a sale with no buyer at their price, so the seller's
 * "Sold Items" keeps counting them.
 */
export function sales(dialect: DialectName) {
  const id = numberedKey(dialect);
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('offers')
        .addColumn('offer_id', 'integer', id)
        .addColumn('listing_id', 'integer', belongsTo('listings.listing_id'))
        .addColumn('buyer_id', 'integer', belongsTo('users.user_id'))
        .addColumn('seller_id', 'integer', belongsTo('users.user_id'))
        .addColumn('amount_cents', 'integer', required)
        .addColumn('counter_cents', 'integer')
        .addColumn('agreed_cents', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', required)
        .addColumn('closed_reason', 'text')
        .addColumn('created_at', 'text', required)
        .addColumn('updated_at', 'text', required)
        .addColumn('expires_at', 'text', required)
        .addCheckConstraint(
          'offers_status',
          oneOf('status', [
            'Pending',
            'Countered',
            'Accepted',
            'Declined',
            'Withdrawn',
            'Lapsed',
            'Closed',
          ]),
        )
        .addCheckConstraint('offers_amount', sql`amount_cents > 0`)
        .execute();
      await createIndex(db, 'offers_one_open', 'offers', ['listing_id', 'buyer_id'], {
        unique: true,
        where: sql<boolean>`status in ('Pending', 'Countered')`,
      });
      await createIndex(db, 'offers_buyer', 'offers', ['buyer_id']);
      await createIndex(db, 'offers_seller', 'offers', ['seller_id']);
      await createIndex(db, 'offers_open_expiry', 'offers', ['status', 'expires_at']);

      await db.schema
        .createTable('sale_holds')
        .addColumn('hold_id', 'integer', id)
        .addColumn('listing_id', 'integer', belongsTo('listings.listing_id'))
        .addColumn('seller_id', 'integer', belongsTo('users.user_id'))
        .addColumn('buyer_id', 'integer', belongsTo('users.user_id'))
        .addColumn('offer_id', 'integer', mayName('offers.offer_id'))
        .addColumn('agreed_cents', 'integer')
        .addColumn('status', 'text', required)
        .addColumn('extended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', required)
        .addColumn('expires_at', 'text', required)
        .addColumn('ended_at', 'text')
        .addCheckConstraint(
          'sale_holds_status',
          oneOf('status', ['Active', 'Released', 'Lapsed', 'Completed']),
        )
        .execute();
      await createIndex(db, 'sale_holds_one_active', 'sale_holds', ['listing_id'], {
        unique: true,
        where: sql<boolean>`status = 'Active'`,
      });
      await createIndex(db, 'sale_holds_expiry', 'sale_holds', ['status', 'expires_at']);
      await createIndex(db, 'sale_holds_buyer', 'sale_holds', ['buyer_id']);

      await db.schema
        .createTable('sales')
        .addColumn('sale_id', 'integer', id)
        .addColumn('listing_id', 'integer', (c) =>
          c.notNull().unique().references('listings.listing_id').onDelete('cascade'),
        )
        .addColumn('seller_id', 'integer', belongsTo('users.user_id'))
        .addColumn('buyer_id', 'integer', mayName('users.user_id'))
        .addColumn('agreed_price_cents', 'integer', required)
        .addColumn('how', 'text', required)
        .addColumn('at', 'text', required)
        .addCheckConstraint('sales_how', oneOf('how', ['meeting', 'delivery', 'other']))
        .execute();
      await createIndex(db, 'sales_seller', 'sales', ['seller_id']);
      await createIndex(db, 'sales_buyer', 'sales', ['buyer_id']);

      await sql`insert into sales (listing_id, seller_id, buyer_id, agreed_price_cents, how, at)
        select listing_id, vendor_id, null, price_cents, 'other', listing_date
        from listings where listing_status = 'Sold'`.execute(db);
    },
  };
}
