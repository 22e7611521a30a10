import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`create virtual table products_fts using fts5(
          title, content='products', content_rowid='product_id', tokenize='trigram'
        )`.execute(db);
        await sql`create trigger products_fts_insert after insert on products begin
          insert into products_fts(rowid, title) values (new.product_id, new.title);
        end`.execute(db);
        await sql`create trigger products_fts_delete after delete on products begin
          insert into products_fts(products_fts, rowid, title)
            values ('delete', old.product_id, old.title);
        end`.execute(db);
        await sql`create trigger products_fts_update after update of title on products begin
          insert into products_fts(products_fts, rowid, title)
            values ('delete', old.product_id, old.title);
          insert into products_fts(rowid, title) values (new.product_id, new.title);
        end`.execute(db);
        await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
      } else {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index products_title_trgm on products using gin (title gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  };
}
