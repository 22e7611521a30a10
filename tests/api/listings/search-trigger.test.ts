/**
 * The search words kept in a way SQLite 3.40 reads (migration 2026-12-12-search-trigger): the
 * same writes, on a database migrated up to just before it and on one migrated to the end, leave
 * the same vocabulary, the same trigram index of it and the same search answers, which are the
 * words search-words.ts splits; a database migrated with products in it keeps them. On
 * PostgreSQL the migration changes nothing, and the same checks hold.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#shared/constants.js';
import { connect, type Connection } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { searchPageOf } from '#server/features/listings/search-repository.js';
import { LONGEST_WORD, length, wordsOf } from '#server/features/listings/search-words.js';
import { oldUser } from '../data.js';
import { emptyDatabase } from '../harness.js';

const MIGRATION = '2026-12-12-search-trigger';

/** Every ASCII character but NUL, each after a word of its own: separators split, others join. */
const EVERY_ASCII = Array.from(
  { length: 127 },
  (_, i) => `w${i + 1}${String.fromCharCode(i + 1)}`,
).join(' ');

const PRODUCTS: [title: string, description: string, category: Category][] = [
  ['Desk LAMP, bright!', EVERY_ASCII, 'Furniture'],
  ['Café Ünïcode naïve 日本語 🙂emoji ÀÉ', `He said "hi" \\ it's 'fine' — ok…`, 'Other'],
  [
    `${'x'.repeat(LONGEST_WORD)} ${'y'.repeat(LONGEST_WORD + 1)}`,
    `${'é'.repeat(LONGEST_WORD)} ${'è'.repeat(LONGEST_WORD + 1)}`,
    'Books',
  ],
  ['Lamp shade', 'lamp lamp LAMP', 'Furniture'],
  ['Graphing calculator TI-84 Plus', 'Works for every math class.', 'Electronics'],
];

const QUERIES = [
  'lamp',
  'lamps',
  'desk',
  'bright',
  'cafe',
  'café',
  'ünïcode',
  'ti84',
  'calculater',
];
/** Trigrams (the index finds nothing shorter); `$` marks a word's end. */
const GRAMS = ['amp$', 'lam', 'w33', 'afé', '8x$', 'de$', 'ath'];

interface Db {
  database: Connection;
  drop: () => Promise<void>;
  products: number[];
}

async function open(upTo?: string): Promise<Db> {
  const fresh = await emptyDatabase();
  const database = connect(fresh.url);
  if (upTo) {
    const migrator = migratorFor(database);
    const names = (await migrator.getMigrations()).map((m) => m.name);
    const stepped = await migrator.migrateTo(names[names.indexOf(upTo) - 1]!);
    expect(stepped.error).toBeUndefined();
  } else {
    await migrateToLatest(database);
  }
  return {
    database,
    products: [],
    drop: async () => {
      await database.destroy();
      await fresh.drop();
    },
  };
}

/** The same writes on either database: listings made, their texts changed, one deleted. */
async function write(d: Db) {
  const { db } = d.database;
  const seller = await oldUser(db, 'trigger_seller');
  for (const [title, description, category] of PRODUCTS) {
    const { product_id } = await createListing(db, {
      vendor_id: seller.user_id,
      title,
      description,
      category,
    });
    d.products.push(product_id);
  }
  const [desk, cafe, long, shade, calculator] = d.products as [number, ...number[]];
  const update = (id: number, set: Record<string, string>) =>
    db.updateTable('products').set(set).where('product_id', '=', id).execute();
  await update(desk, { title: 'Floor lamp' });
  await update(cafe!, { description: 'plain words now' });
  await update(shade!, { category: 'Other' });
  await db
    .updateTable('products')
    .set({ title: sql`title` })
    .where('product_id', '=', calculator!)
    .execute();
  await db.deleteFrom('products').where('product_id', '=', long!).execute();
}

const vocabulary = async ({ database }: Db) =>
  (await database.db.selectFrom('search_terms').select(['term', 'docs']).execute())
    .map((row) => [row.term, Number(row.docs)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The vocabulary search-words.ts gives the products stored now. */
async function expectedVocabulary({ database }: Db) {
  const rows = await database.db
    .selectFrom('products')
    .select(['title', 'description', 'category'])
    .execute();
  const docs = new Map<string, number>();
  for (const p of rows) {
    const words = new Set(
      wordsOf(`${p.title} ${p.description} ${p.category}`).filter((w) => length(w) <= LONGEST_WORD),
    );
    for (const w of words) docs.set(w, (docs.get(w) ?? 0) + 1);
  }
  return [...docs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const answers = async ({ database }: Db) => {
  const found: Record<string, string[]> = {};
  for (const title of QUERIES) {
    const page = await searchPageOf(database.db, { title }, database.dialect);
    found[title] = page.items.map((l) => l.title);
  }
  return found;
};

/** SQLite: the words the trigram index finds for each probe (null on PostgreSQL). */
async function grams({ database }: Db) {
  if (database.dialect !== 'sqlite') return null;
  const found: Record<string, string[]> = {};
  for (const probe of GRAMS) {
    const { rows } = await sql<{ term: string }>`select term from search_terms
      where rowid in (select rowid from search_terms_grams where search_terms_grams match ${`"${probe}"`})
      order by term`.execute(database.db);
    found[probe] = rows.map((r) => r.term);
  }
  return found;
}

const gramsOf = (words: readonly (readonly [string, number])[]) =>
  Object.fromEntries(
    GRAMS.map((probe) => [
      probe,
      words
        .map(([w]) => w)
        .filter((w) => `${w}$`.includes(probe))
        .sort(),
    ]),
  );

async function integrity({ database }: Db) {
  if (database.dialect !== 'sqlite') return 'ok';
  await sql`insert into search_terms_grams(search_terms_grams) values ('integrity-check')`.execute(
    database.db,
  );
  return database.sqlite!.pragma('integrity_check', { simple: true });
}

describe('the search words after 2026-12-12-search-trigger', () => {
  let before: Db;
  let after: Db;

  beforeAll(async () => {
    [before, after] = await Promise.all([open(MIGRATION), open()]);
    await write(before);
    await write(after);
  }, 60_000);
  afterAll(async () => {
    await before?.drop();
    await after?.drop();
  });

  it('keeps what the triggers before it kept, word for word', async () => {
    const words = await vocabulary(after);
    expect(words).toEqual(await vocabulary(before));
    expect(words).toEqual(await expectedVocabulary(after));
    // The split held every kind of word: ASCII punctuation split, the rest kept.
    const terms = words.map(([w]) => w);
    expect(terms).toEqual(expect.arrayContaining(['floor', 'lamp', 'w33', 'w65a', 'café', '84']));
    expect(terms).not.toContain('bright');
    expect(words.find(([w]) => w === 'lamp')).toEqual(['lamp', 2]);
    expect(await answers(after)).toEqual(await answers(before));
    if (after.database.dialect === 'sqlite') {
      expect(await grams(after)).toEqual(await grams(before));
      expect(await grams(after)).toEqual(gramsOf(words));
    }
    expect(await integrity(after)).toBe('ok');
  });

  it('keeps the words of a database migrated with products in it', async () => {
    const answered = await answers(before);
    await migrateToLatest(before.database);
    const words = await vocabulary(before);
    expect(words).toEqual(await expectedVocabulary(before));
    expect(await answers(before)).toEqual(answered);
    if (before.database.dialect === 'sqlite') expect(await grams(before)).toEqual(gramsOf(words));

    // Words leave the trigram index as their last product goes.
    await before.database.db
      .deleteFrom('products')
      .where('product_id', '=', before.products[0]!)
      .execute();
    const left = await vocabulary(before);
    expect(left).toEqual(await expectedVocabulary(before));
    expect(left.map(([w]) => w)).not.toContain('floor');
    if (before.database.dialect === 'sqlite') expect(await grams(before)).toEqual(gramsOf(left));
    expect(await integrity(before)).toBe('ok');
  });
});
