import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/** Longer words are left out of the vocabulary and PostgreSQL's index (lexemes under 2 kB). */
const LONGEST_WORD = 64;

/** The ASCII characters that separate words: all but letters, digits and the space itself. */
const SEPARATORS = Array.from({ length: 128 }, (_, code) => code).filter(
  (code) => code !== 32 && !/[A-Za-z0-9]/.test(String.fromCharCode(code)),
);

/**
 * SQLite: the distinct words of a text expression, split as FTS5's `ascii` tokenizer splits
 * them: ASCII letters lowered, every other ASCII character a separator, every non-ASCII
 * character part of a word. Separators become spaces, the spaces JSON array commas.
 */
function sqliteSplit(text: string) {
  const spaced = SEPARATORS.reduce(
    (e, code) => `replace(${e}, char(${code}), ' ')`,
    `lower(${text})`,
  );
  return `json_each('["' || replace(${spaced}, ' ', '","') || '"]')`;
}
const sqliteWord = `value <> '' and length(value) <= ${LONGEST_WORD}`;
const sqliteWords = (text: string) =>
  sql.raw(`select distinct value as term from ${sqliteSplit(text)} where ${sqliteWord}`);

/**
 * Frozen in time. Storefront search by words (docs/decisions/023-search-words.md):
 * - every product's title, description and category split into words, the same way in both
 *   engines: SQLite an FTS5 table `products_text` (tokenizer `ascii`, prefix indexes), kept by
 *   triggers; PostgreSQL a stored tsvector `products.search_vector` (title A, description B,
 *   category C) built from the same split, with a GIN index;
 * - the vocabulary `search_terms`: every word with the number of products using it, kept by
 *   triggers, with indexes for pieces of words (SQLite: FTS5 `trigram` over each word followed by
 *   `$`; PostgreSQL: the reversed word for ends, pg_trgm for pieces inside), so a search word
 *   finds its typos and other endings.
 * Built here for the products already stored.
 */
export function searchWords(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteUp(db: Kysely<any>) {
  await sql`create virtual table products_text using fts5(
    title, description, category, content='products', content_rowid='product_id',
    tokenize='ascii', prefix='1 2 3'
  )`.execute(db);
  await sql`insert into products_text(products_text) values ('rebuild')`.execute(db);

  await sql`create table search_terms (term text primary key, docs integer not null)`.execute(db);
  await sql`create virtual table search_terms_grams using fts5(
    term, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
  )`.execute(db);
  await sql`create trigger search_terms_insert after insert on search_terms begin
    insert into search_terms_grams(rowid, term) values (new.rowid, new.term || '$');
  end`.execute(db);
  await sql`create trigger search_terms_delete after delete on search_terms begin
    delete from search_terms_grams where rowid = old.rowid;
  end`.execute(db);
  await sql`insert into search_terms (term, docs)
    select value, count(distinct product_id)
    from products, ${sql.raw(sqliteSplit("title || ' ' || description || ' ' || category"))}
    where ${sql.raw(sqliteWord)} group by value`.execute(db);

  const text = (row: 'new' | 'old') =>
    `${row}.title || ' ' || ${row}.description || ' ' || ${row}.category`;
  const index = sql`insert into products_text(rowid, title, description, category)
    values (new.product_id, new.title, new.description, new.category);`;
  const unindex = sql`insert into products_text(products_text, rowid, title, description, category)
    values ('delete', old.product_id, old.title, old.description, old.category);`;
  const count = sql`insert into search_terms (term, docs)
    select term, 1 from (${sqliteWords(text('new'))}) where true
    on conflict (term) do update set docs = docs + 1;`;
  const uncount = sql`update search_terms set docs = docs - 1
    where term in (${sqliteWords(text('old'))});`;
  const prune = sql`delete from search_terms where docs <= 0
    and term in (${sqliteWords(text('old'))});`;
  await sql`create trigger products_text_insert after insert on products begin
    ${index} ${count}
  end`.execute(db);
  await sql`create trigger products_text_delete after delete on products begin
    ${unindex} ${uncount} ${prune}
  end`.execute(db);
  await sql`create trigger products_text_update
    after update of title, description, category on products begin
    ${unindex} ${index} ${uncount} ${count} ${prune}
  end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresUp(db: Kysely<any>) {
  // The same split as SQLite's: ASCII letters lowered (translate, whatever the locale says),
  // every other ASCII character a space.
  await sql`create function search_text(t text) returns text
    language sql immutable parallel safe as $$
      select btrim(regexp_replace(
        translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
        '[^a-z0-9\\u0080-\\U0010FFFF]+', ' ', 'g'))
    $$`.execute(db);
  await sql`create function search_words(t text) returns setof text
    language sql immutable parallel safe as $$
      select distinct w from regexp_split_to_table(search_text(t), ' ') as w
      where w <> '' and length(w) <= ${sql.lit(LONGEST_WORD)}
    $$`.execute(db);
  // The words as a tsvector literal ('word':1A ...): words hold no quotes or backslashes, and
  // the literal is read as written, with no dictionary or parser of PostgreSQL's own.
  await sql`create function search_lexemes(t text, weight text) returns tsvector
    language sql immutable parallel safe as $$
      select regexp_replace(
        regexp_replace(search_text(t), ${sql.lit(`[^ ]{${LONGEST_WORD + 1},}`)}, '', 'g'),
        '([^ ]+)', '''\\1'':1' || weight, 'g')::tsvector
    $$`.execute(db);
  await sql`alter table products add column search_vector tsvector
    generated always as (
      search_lexemes(title, 'A') || search_lexemes(description, 'B') || search_lexemes(category, 'C')
    ) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);

  await sql`create table search_terms (term text collate "C" primary key, docs integer not null)`.execute(
    db,
  );
  // Ends of words through their reversal (a B-tree range), pieces inside them through pg_trgm.
  await sql`create index search_terms_reversed on search_terms (reverse(term))`.execute(db);
  await sql`create index search_terms_trgm on search_terms using gin (term gin_trgm_ops)`.execute(
    db,
  );
  await sql`insert into search_terms (term, docs)
    select w, count(*) from products,
      search_words(title || ' ' || description || ' ' || category) as w
    group by w`.execute(db);
  // Counted once per statement from its transition tables: counting row by row updated the
  // same vocabulary rows once per product, and in one transaction each update of a row walks
  // all its earlier versions (a bulk insert of 30,000 products ran for minutes).
  // Writers take the search epoch's row first (its own trigger would at the end of the
  // statement), so vocabulary rows are only ever locked by its holder: concurrent listing
  // writes cannot deadlock over them, whatever order their statements come in.
  const upsert = sql.raw(
    `on conflict (term) do update set docs = search_terms.docs + excluded.docs`,
  );
  const words = (row: string) =>
    sql.raw(`search_words(${row}.title || ' ' || ${row}.description || ' ' || ${row}.category)`);
  const prune = sql`delete from search_terms
    where docs <= 0 and term in (select ${words('o')} from old_rows as o)`;
  await sql`create function search_terms_sync() returns trigger language plpgsql as $$
    begin
      perform 1 from search_epoch where id = 1 for update;
      if tg_op = 'INSERT' then
        insert into search_terms (term, docs)
          select w, count(*) from new_rows as n, ${words('n')} as w group by w order by w
          ${upsert};
      elsif tg_op = 'DELETE' then
        update search_terms set docs = docs - gone.n
          from (select w, count(*) as n from old_rows as o, ${words('o')} as w group by w) as gone
          where search_terms.term = gone.w;
        ${prune};
      else
        with changed as (
          select o.title, o.description, o.category, n.title as new_title,
            n.description as new_description, n.category as new_category
          from old_rows as o join new_rows as n using (product_id)
          where (o.title, o.description, o.category) is distinct from (n.title, n.description, n.category)
        ), delta as (
          select w, sum(d) as d from (
            select w, -1 as d from changed as o, ${words('o')} as w
            union all
            select w, 1 from changed as c,
              search_words(c.new_title || ' ' || c.new_description || ' ' || c.new_category) as w
          ) as each_word group by w having sum(d) <> 0
        )
        insert into search_terms (term, docs) select w, d from delta order by w
          ${upsert};
        ${prune};
      end if;
      return null;
    end $$`.execute(db);
  const trigger = (event: string, tables: string) =>
    sql`create trigger ${sql.raw(`search_terms_${event}`)} after ${sql.raw(event)} on products
      referencing ${sql.raw(tables)} for each statement execute function search_terms_sync()`;
  await trigger('insert', 'new table as new_rows').execute(db);
  await trigger('update', 'old table as old_rows new table as new_rows').execute(db);
  await trigger('delete', 'old table as old_rows').execute(db);
}
