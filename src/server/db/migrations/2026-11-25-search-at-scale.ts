import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import { createIndex, required, syncProductTitles, type Db } from './schema-parts.js';

/**
 * Frozen in time. What search needs at 100,000 listings (bench/plans.ts finds these):
 * - a covering index from a product to its listings' status and date, so a title match turns
 *   into listing ids and dates without reading listing rows;
 * - on SQLite, a word-prefix FTS5 index for search words of one or two characters, which the
 *   trigram index cannot answer (PostgreSQL's pg_trgm index serves those itself);
 * - a search epoch: one counter that triggers bump on every change to listings, products or a
 *   seller's name and rating, so cached search results are dropped the moment they go stale,
 *   whichever process or instance made the change (docs/decisions/010-search-index.md);
 * - direct_messages(listing_id), which every new listing's foreign key check reads.
 */
export function searchAtScale(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      await createIndex(db, 'listings_product_status_date', 'listings', [
        'product_id',
        'listing_status',
        'listing_date',
      ]);
      // A new listing makes SQLite look for messages already naming it (foreign key check);
      // without this index that reads every message.
      await createIndex(db, 'messages_listing', 'direct_messages', ['listing_id']);
      await db.schema
        .createTable('search_epoch')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('n', 'bigint', required)
        .execute();
      await db.insertInto('search_epoch').values({ id: 1, n: 0 }).execute();

      if (dialect === 'sqlite') {
        await sql`create virtual table products_words using fts5(
          title, content='products', content_rowid='product_id',
          tokenize='unicode61 remove_diacritics 2', prefix='1 2'
        )`.execute(db);
        await syncProductTitles(db, 'products_words');

        const bump = sql.raw('update search_epoch set n = n + 1 where id = 1;');
        const events: [string, string][] = [
          ['listings', 'insert'],
          ['listings', 'update'],
          ['listings', 'delete'],
          ['products', 'insert'],
          ['products', 'update'],
          ['products', 'delete'],
          ['users', 'update of username, rating'],
        ];
        for (const [table, event] of events) {
          const name = sql.raw(`${table}_search_epoch_${event.split(' ')[0]}`);
          await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.raw(table)}
            begin ${bump} end`.execute(db);
        }
      } else {
        await sql`create function bump_search_epoch() returns trigger language plpgsql as $$
          begin
            update search_epoch set n = n + 1 where id = 1;
            return null;
          end $$`.execute(db);
        for (const [table, event] of [
          ['listings', 'insert or update or delete'],
          ['products', 'insert or update or delete'],
          ['users', 'update of username, rating'],
        ] as const) {
          await sql`create trigger ${sql.raw(`${table}_search_epoch`)}
            after ${sql.raw(event)} on ${sql.raw(table)}
            for each statement execute function bump_search_epoch()`.execute(db);
        }
      }
    },
  };
}
