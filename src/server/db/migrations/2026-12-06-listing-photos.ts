import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. What sellers and buyers expect of listings (docs/decisions/028-listing-edits-
 * photos-favourites.md):
 * - product_photos: a product's pictures after its cover, in order (the cover stays
 *   products.thumbnail, which cards, search and every older reader already use);
 * - the "was $X" price: listings keep the reference price of their latest drop and when it
 *   dropped, and listing_price_changes every price change, so the reference is the lowest price
 *   of the week before a drop (a price raised for a moment does not make a bargain);
 * - favorites: who keeps an eye on which listing;
 * - saved_searches: a search's own fields as canonical JSON, its category apart (new listings
 *   are matched only against searches of their category or of none), and when its owner was
 *   last told of a match (at most once an hour).
 */
export function listingPhotos(dialect: DialectName) {
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const ref = (target: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(target).onDelete('cascade');
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('product_photos')
        .addColumn('product_id', 'integer', ref('products.product_id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_photos_pk', ['product_id', 'position'])
        .addCheckConstraint('product_photos_position', sql`position >= 1`)
        .execute();

      await db.schema.alterTable('listings').addColumn('was_price_cents', 'integer').execute();
      await db.schema.alterTable('listings').addColumn('price_dropped_at', 'text').execute();
      await db.schema
        .createTable('listing_price_changes')
        .addColumn('change_id', 'integer', pk)
        .addColumn('listing_id', 'integer', ref('listings.listing_id'))
        .addColumn('old_price_cents', 'integer', (c) => c.notNull())
        .addColumn('new_price_cents', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('listing_price_changes_listing')
        .on('listing_price_changes')
        .columns(['listing_id', 'changed_at'])
        .execute();

      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'integer', ref('users.user_id'))
        .addColumn('listing_id', 'integer', ref('listings.listing_id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'listing_id'])
        .execute();
      await db.schema
        .createIndex('favorites_listing')
        .on('favorites')
        .column('listing_id')
        .execute();

      await db.schema
        .createTable('saved_searches')
        .addColumn('saved_search_id', 'integer', pk)
        .addColumn('user_id', 'integer', ref('users.user_id'))
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('notified_at', 'text')
        .addUniqueConstraint('saved_searches_one_each', ['user_id', 'query'])
        .execute();
      await db.schema
        .createIndex('saved_searches_category')
        .on('saved_searches')
        .columns(['category', 'notified_at'])
        .execute();
    },
  };
}
