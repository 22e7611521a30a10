import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import {
  belongsTo,
  createIndex,
  numberedKey,
  required,
  userColumns,
  type Db,
} from './schema-parts.js';

/**
 * Frozen in time. What sellers and buyers expect of listings (docs/api.md, "Editing a
 * listing", "Favourites", "Saved searches"):
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
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('product_photos')
        .addColumn('product_id', 'integer', belongsTo('products.product_id'))
        .addColumn('position', 'integer', required)
        .addColumn('url', 'text', required)
        .addPrimaryKeyConstraint('product_photos_pk', ['product_id', 'position'])
        .addCheckConstraint('product_photos_position', sql`position >= 1`)
        .execute();

      await db.schema.alterTable('listings').addColumn('was_price_cents', 'integer').execute();
      await db.schema.alterTable('listings').addColumn('price_dropped_at', 'text').execute();
      await db.schema
        .createTable('listing_price_changes')
        .addColumn('change_id', 'integer', numberedKey(dialect))
        .addColumn('listing_id', 'integer', belongsTo('listings.listing_id'))
        .addColumn('old_price_cents', 'integer', required)
        .addColumn('new_price_cents', 'integer', required)
        .addColumn('changed_at', 'text', required)
        .execute();
      await createIndex(db, 'listing_price_changes_listing', 'listing_price_changes', [
        'listing_id',
        'changed_at',
      ]);

      await db.schema
        .createTable('favorites')
        .$call(userColumns('user_id'))
        .addColumn('listing_id', 'integer', belongsTo('listings.listing_id'))
        .addColumn('created_at', 'text', required)
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'listing_id'])
        .execute();
      await createIndex(db, 'favorites_listing', 'favorites', ['listing_id']);

      await db.schema
        .createTable('saved_searches')
        .addColumn('saved_search_id', 'integer', numberedKey(dialect))
        .$call(userColumns('user_id'))
        .addColumn('query', 'text', required)
        .addColumn('category', 'text')
        .addColumn('created_at', 'text', required)
        .addColumn('notified_at', 'text')
        .addUniqueConstraint('saved_searches_one_each', ['user_id', 'query'])
        .execute();
      await createIndex(db, 'saved_searches_category', 'saved_searches', [
        'category',
        'notified_at',
      ]);
    },
  };
}
