import { sql } from 'kysely';
import type { Db } from './schema-parts.js';

/**
 * Frozen in time. An order keeps what was agreed: a delivery request stores the listing's
 * title, price and picture (the cover) as they were when the buyer asked, and its delivery
 * stores its request's. Reads of orders took them from the listing as it is now, so a seller's
 * later edit rewrote the buyer's order and their downloaded data.
 *
 * Rows made before this date get the listing's current values: the best record there is. The
 * defaults only let the columns be added to full tables on both engines; every new row names
 * its values.
 */
const TABLES = ['delivery_requests', 'delivery_instructions'] as const;

export function orderSnapshots() {
  return {
    async up(db: Db): Promise<void> {
      for (const table of TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('agreed_title', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('agreed_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable(table).addColumn('agreed_thumbnail', 'text').execute();
      }

      // What the reads showed until today: the product's title and cover (a delivery names its
      // product), the listing's price.
      await sql`update delivery_requests set
        agreed_title = (select p.title from listings l
          join products p on p.product_id = l.product_id
          where l.listing_id = delivery_requests.listing_id),
        agreed_thumbnail = (select p.thumbnail from listings l
          join products p on p.product_id = l.product_id
          where l.listing_id = delivery_requests.listing_id),
        agreed_price_cents = (select l.price_cents from listings l
          where l.listing_id = delivery_requests.listing_id)`.execute(db);
      await sql`update delivery_instructions set
        agreed_title = (select p.title from products p
          where p.product_id = delivery_instructions.product_id),
        agreed_thumbnail = (select p.thumbnail from products p
          where p.product_id = delivery_instructions.product_id),
        agreed_price_cents = (select l.price_cents from listings l
          where l.listing_id = delivery_instructions.listing_id)`.execute(db);
    },
  };
}
