import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/** Longer words are left out of the vocabulary (as 2026-12-03-search-words left them). */
const LONGEST_WORD = 64;

/** The ASCII characters that separate words: all but letters, digits and the space itself. */
const SEPARATORS = Array.from({ length: 128 }, (_, code) => code).filter(
  (code) => code !== 32 && !/[A-Za-z0-9]/.test(String.fromCharCode(code)),
);

/**
 * Separators replaced per step. SQLite before 3.45 parses with a fixed stack of 100 entries:
 * 2026-12-03's one expression of 66 nested replace() overflowed it, so Debian 12's sqlite3
 * (3.40) could not open the database at all. There, 22 nested calls fit in these triggers
 * and 23 do not; 8 leaves room.
 */
const PER_STEP = 8;

const steps = Array.from({ length: Math.ceil(SEPARATORS.length / PER_STEP) }, (_, i) =>
  SEPARATORS.slice(i * PER_STEP, (i + 1) * PER_STEP),
);

const replaced = (codes: number[], text: string) =>
  codes.reduce((e, code) => `replace(${e}, char(${code}), ' ')`, text);

/**
 * The distinct words of a text expression, exactly as 2026-12-03-search-words split them (the
 * same replace() calls in the same order: ASCII letters lowered, every other ASCII character a
 * separator, every non-ASCII character part of a word), only chained through sibling CTEs
 * instead of nested, so the parser's stack stays shallow. SQLite flattens the chain into the
 * one expression it was: it costs what the nested text did.
 */
function sqliteWords(text: string) {
  const chain = steps
    .map((codes, i) =>
      i === 0
        ? `s1(t) as (select ${replaced(codes, `lower(${text})`)})`
        : `s${i + 1}(t) as (select ${replaced(codes, 't')} from s${i})`,
    )
    .join(',\n      ');
  return sql.raw(`with ${chain}
    select distinct value as term
    from s${steps.length}, json_each('["' || replace(t, ' ', '","') || '"]')
    where value <> '' and length(value) <= ${LONGEST_WORD}`);
}

/**
 * Frozen in time. SQLite: the search words of products (docs/decisions/023-search-words.md) kept
 * in a way every SQLite from 3.40 (Debian 12's) reads and writes; what they hold is unchanged.
 * - The triggers that keep them are written again with the word split above: 2026-12-03's
 *   could not be parsed there, so the whole database did not open.
 * - The trigram index of the vocabulary is made again without FTS5's `contentless_delete`
 *   (SQLite 3.43), which older SQLite refuses: a word leaves it through FTS5's 'delete'
 *   command, which names the text it was indexed with.
 * All in one transaction (Kysely runs SQLite migrations outside one): a start stopped halfway
 * leaves the database as it was. PostgreSQL splits in functions and has nothing to change.
 */
export function searchTrigger(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await db.transaction().execute(async (trx) => {
        await productTriggers(trx);
        await vocabularyGrams(trx);
      });
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function productTriggers(db: Kysely<any>) {
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.raw(`products_text_${event}`)}`.execute(db);
  }
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
async function vocabularyGrams(db: Kysely<any>) {
  await sql`drop trigger search_terms_delete`.execute(db);
  await sql`drop table search_terms_grams`.execute(db);
  await sql`create virtual table search_terms_grams using fts5(
    term, content='', tokenize='trigram case_sensitive 1'
  )`.execute(db);
  await sql`insert into search_terms_grams(rowid, term)
    select rowid, term || '$' from search_terms`.execute(db);
  await sql`create trigger search_terms_delete after delete on search_terms begin
    insert into search_terms_grams(search_terms_grams, rowid, term)
      values ('delete', old.rowid, old.term || '$');
  end`.execute(db);
}
