import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import { required, type Db } from './schema-parts.js';

/**
 * Frozen in time. A search word without letters or digits ("%", "!!", "&") matches anywhere in
 * a title, and neither text index finds it: the trigram index needs three characters and
 * pg_trgm ignores punctuation. title_symbols lists, for each product, every distinct character
 * of its title other than ASCII letters, digits, spaces and control characters (a superset of
 * the characters such a word can hold), kept in sync by triggers. A search finds the products
 * holding the word's first character through the primary key and checks the title with LIKE,
 * instead of reading every title. docs/decisions/010-search-index.md
 */
export function titleSymbols(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('title_symbols')
        .addColumn('symbol', 'text', required)
        .addColumn('product_id', 'integer', required)
        .addPrimaryKeyConstraint('title_symbols_pk', ['symbol', 'product_id'])
        .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
        .execute();

      if (dialect === 'sqlite') {
        // The characters of a title, one row each (a title's length is bounded by the API).
        const chars = (title: string) =>
          sql.raw(`with recursive chars(n) as (
            select 1 union all select n + 1 from chars where n < length(${title})
          ) select substr(${title}, n, 1) as symbol from chars`);
        const symbolsOf = (title: string) =>
          sql`select symbol from (${chars(title)})
            where unicode(symbol) > 32 and unicode(symbol) <> 127 and symbol not glob '[A-Za-z0-9]'`;
        const insert = (title: string, productId: string) =>
          sql`insert or ignore into title_symbols (symbol, product_id)
            select symbol, ${sql.raw(productId)} from (${symbolsOf(title)});`;
        const remove = (title: string, productId: string) =>
          sql`delete from title_symbols
            where product_id = ${sql.raw(productId)} and symbol in (${chars(title)});`;
        await sql`create trigger title_symbols_insert after insert on products begin
          ${insert('new.title', 'new.product_id')}
        end`.execute(db);
        await sql`create trigger title_symbols_delete after delete on products begin
          ${remove('old.title', 'old.product_id')}
        end`.execute(db);
        await sql`create trigger title_symbols_update after update of title on products begin
          ${remove('old.title', 'old.product_id')}
          ${insert('new.title', 'new.product_id')}
        end`.execute(db);
        await sql`insert or ignore into title_symbols (symbol, product_id)
          with recursive chars(n) as (
            select 1 union all
            select n + 1 from chars where n < (select max(length(title)) from products)
          )
          select symbol, product_id from (
            select substr(title, n, 1) as symbol, product_id
            from products join chars on n <= length(title)
          )
          where unicode(symbol) > 32 and unicode(symbol) <> 127 and symbol not glob '[A-Za-z0-9]'`.execute(
          db,
        );
      } else {
        const symbolsOf = (title: string) =>
          sql.raw(`select distinct c from regexp_split_to_table(${title}, '') as c
            where ascii(c) > 32 and ascii(c) <> 127 and c !~ '[A-Za-z0-9]'`);
        await sql`create function title_symbols_sync() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then
              delete from title_symbols where product_id = old.product_id
                and symbol in (select c from regexp_split_to_table(old.title, '') as c);
            end if;
            if tg_op <> 'DELETE' then
              insert into title_symbols (symbol, product_id)
                select c, new.product_id from (${symbolsOf('new.title')}) as s
                on conflict do nothing;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger title_symbols_sync
          after insert or delete or update of title on products
          for each row execute function title_symbols_sync()`.execute(db);
        await sql`insert into title_symbols (symbol, product_id)
          select distinct c, product_id from products, regexp_split_to_table(title, '') as c
          where ascii(c) > 32 and ascii(c) <> 127 and c !~ '[A-Za-z0-9]'`.execute(db);
      }
    },
  };
}
