import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import { syncProductTitles, type Db } from './schema-parts.js';

/**
 * Frozen in time. Title search matches any part of a title, ignoring case, so it needs a
 * substring index rather than a word index:
 * - SQLite: an external-content FTS5 table over products(title) with the trigram tokenizer,
 *   kept in sync by triggers. A quoted phrase of three or more characters is answered from it.
 * - PostgreSQL: a pg_trgm GIN index, which serves ILIKE '%word%'.
 * Also indexes the other queries the API makes at scale (bench/plans.ts checks them).
 */
export function listingSearch(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`create virtual table products_fts using fts5(
          title, content='products', content_rowid='product_id', tokenize='trigram'
        )`.execute(db);
        await syncProductTitles(db, 'products_fts');
      } else {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index products_title_trgm on products using gin (title gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  };
}
