/**
 * Search (the spec's calls and the storefront's GET /api/search) and the listing row shape: the
 * SQL for reading listings in bulk. What the storefront's words match is decided in
 * search-words.ts, which this file asks the engine's indexes about.
 */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  DATE_POSTED_MS,
  DEFAULT_RATING,
  PRICE_DROP_SHOWN_MS,
  sellerRating,
} from '#shared/constants.js';
import type { Listing, SearchPage, SearchQuery } from '#shared/schemas/listings.js';
import type { DialectName } from '#server/db/connect.js';
import type { Database, Db } from '#server/db/schema.js';
import {
  lookupsFor,
  queryWords,
  relevance,
  suggestion,
  type Lookup,
  type Match,
  type QueryWord,
  type Relevance,
  type VocabularyWord,
} from './search-words.js';

/** The columns of a Listing, joined from listings, products and the seller. */
export function listingQuery(db: Db) {
  return db
    .selectFrom('listings')
    .innerJoin('products', 'products.product_id', 'listings.product_id')
    .innerJoin('users', 'users.user_id', 'listings.vendor_id')
    .select([
      'listings.listing_id',
      'listings.product_id',
      'products.title',
      'listings.price_cents',
      'products.description',
      'products.category',
      'listings.conditions',
      'products.thumbnail',
      'listings.listing_date',
      'listings.discount',
      'users.rating',
      'users.review_count',
      'listings.vendor_id',
      'listings.availability',
      'listings.listing_status',
      'users.username',
      'listings.was_price_cents',
      'listings.price_dropped_at',
    ]);
}

type ListingExpressions = ExpressionBuilder<Database, 'listings' | 'products' | 'users'>;
type CountQuery = SelectQueryBuilder<Database, 'listings' | 'products' | 'users', object>;

/**
 * Counting joins only the tables a filter needs: every listing has its product and vendor
 * (foreign keys), and neither engine drops an unneeded inner join by itself. The filters
 * touch only the tables joined here, so typing the query as if all were joined is safe.
 */
function countQuery(db: Db, needs: { products: boolean; users: boolean }): CountQuery {
  let query = db.selectFrom('listings') as unknown as CountQuery;
  if (needs.products) {
    query = query.innerJoin('products', 'products.product_id', 'listings.product_id');
  }
  if (needs.users) query = query.innerJoin('users', 'users.user_id', 'listings.vendor_id');
  return query;
}

export type ListingRow = Omit<Listing, 'price' | 'rating' | 'was_price' | 'was_price_until'> & {
  price_cents: number;
  rating: number | null;
  was_price_cents: number | null;
  price_dropped_at: string | null;
};

/** Until when a price dropped at `droppedAt` shows "was $X", or null once that has passed. */
function wasPriceUntil(droppedAt: string | null): string | null {
  if (droppedAt === null) return null;
  const until = Date.parse(droppedAt) + PRICE_DROP_SHOWN_MS;
  return until > Date.now() ? new Date(until).toISOString() : null;
}

/**
 * A row as the API's Listing, written out field by field in the contract's order: copying a
 * database row with rest and spread made V8 build objects that outlived the request (old-
 * generation garbage, hundreds of bytes a read under load), and left `price` last.
 */
export function toListing(row: ListingRow): Listing {
  const wasUntil = wasPriceUntil(row.price_dropped_at);
  return {
    listing_id: row.listing_id,
    product_id: row.product_id,
    title: row.title,
    price: row.price_cents / 100,
    description: row.description,
    category: row.category,
    conditions: row.conditions,
    thumbnail: row.thumbnail,
    listing_date: row.listing_date,
    discount: row.discount,
    rating: sellerRating(row.rating),
    review_count: row.review_count,
    vendor_id: row.vendor_id,
    availability: row.availability,
    listing_status: row.listing_status,
    username: row.username,
    was_price: wasUntil === null ? null : row.was_price_cents! / 100,
    was_price_until: wasUntil,
  };
}

/** LIKE pattern text with its wildcards escaped (backslash is the escape character). */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A word of the search box as an FTS5 string: quoted, so FTS syntax in it is plain text. */
const ftsPhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** The trigram index answers words of three characters or more (counted in code points). */
const TRIGRAM = 3;

/**
 * The words typed in the search box. Each must occur in the title, in any order and case.
 * Control characters (NUL ends an FTS query early) count as spaces.
 */
export function titleWords(title: string | undefined): string[] {
  if (!title) return [];
  return (
    title
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
  );
}

/** The letters and digits of a short word, which must begin a word of the title. */
const wordStart = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Title matching through indexes (docs/decisions/010-search-index.md):
 * - a word of three or more characters matches anywhere in the title (SQLite: FTS5 trigram
 *   index; PostgreSQL: ILIKE served by the pg_trgm GIN index);
 * - a shorter word matches the start of a word of the title ("tv" finds "Sony TV" and "TVs",
 *   not "HDTV"): no index finds one or two letters anywhere in 100,000 titles without reading
 *   them all;
 * - a word without letters or digits ("%", "!!") matches anywhere: title_symbols finds the
 *   titles holding its first character, LIKE checks the whole word in those titles only.
 */
function titleCondition(dialect: DialectName, words: string[]): RawBuilder<SqlBool> {
  const symbols = words.filter((w) => !wordStart(w));
  const textual = words.filter((w) => wordStart(w));
  const long = textual.filter((w) => [...w].length >= TRIGRAM);
  const short = textual.filter((w) => [...w].length < TRIGRAM);
  const parts: RawBuilder<unknown>[] = [];
  if (dialect === 'postgres') {
    for (const w of long) parts.push(sql`products.title ilike ${`%${escapeLike(w)}%`}`);
    // Only letters and digits remain, so the regular expression needs no escaping.
    for (const w of short) parts.push(sql`products.title ~* ${`\\m${wordStart(w)}`}`);
  } else {
    if (long.length > 0) {
      const phrases = long.map(ftsPhrase).join(' ');
      parts.push(
        sql`listings.product_id in (select rowid from products_fts where products_fts match ${phrases})`,
      );
    }
    if (short.length > 0) {
      const prefixes = short.map((w) => `${ftsPhrase(wordStart(w))}*`).join(' ');
      parts.push(
        sql`listings.product_id in (select rowid from products_words where products_words match ${prefixes})`,
      );
    }
  }
  const escape = dialect === 'sqlite' ? sql` escape '\\'` : sql``;
  for (const w of symbols) {
    parts.push(
      sql`listings.product_id in (select product_id from title_symbols where symbol = ${[...w][0]!})`,
      sql`products.title like ${`%${escapeLike(w)}%`}${escape}`,
    );
  }
  return sql.join(parts, sql` and `) as RawBuilder<SqlBool>;
}

export const DEFAULT_PAGE = 200;

/** A search's conditions, with `words` (its text's) after the category, and its order. */
function filtersOf(q: SearchQuery) {
  const where = (eb: ListingExpressions, words?: Expression<SqlBool>) => {
    const all: Expression<SqlBool>[] = [eb('listings.listing_status', '=', 'Active')];
    if (q.category) all.push(eb('products.category', '=', q.category));
    if (words) all.push(words);
    if (q.condition) all.push(eb('listings.conditions', '=', q.condition));
    if (q.datePosted) {
      const since = new Date(Date.now() - DATE_POSTED_MS[q.datePosted]).toISOString();
      all.push(eb('listings.listing_date', '>=', since));
    }
    if (q.minDiscount) {
      all.push(
        sql<SqlBool>`(case when listings.discount <= 1 then listings.discount * 100 else listings.discount end) >= ${q.minDiscount}`,
      );
    }
    if (q.minRating) {
      all.push(sql<SqlBool>`coalesce(users.rating, ${DEFAULT_RATING}) >= ${q.minRating}`);
    }
    return eb.and(all);
  };
  const [sortBy, direction] =
    q.priceSort === 'low-to-high'
      ? (['listings.price_cents', 'asc'] as const)
      : q.priceSort === 'high-to-low'
        ? (['listings.price_cents', 'desc'] as const)
        : (['listings.listing_date', 'desc'] as const);
  return { where, sortBy, direction, limit: q.limit ?? DEFAULT_PAGE, offset: q.offset ?? 0 };
}

/** The page query and the count query of a spec call's search; both apply the same filters. */
function searchQueries(db: Db, q: SearchQuery, dialect: DialectName) {
  const words = titleWords(q.title);
  const { where, sortBy, direction, limit, offset } = filtersOf(q);
  const matches = (eb: ListingExpressions) =>
    where(eb, words.length > 0 ? titleCondition(dialect, words) : undefined);
  const needs = { products: Boolean(q.category) || words.length > 0, users: Boolean(q.minRating) };
  /** Every listing the search finds, before order and paging. */
  const matching = () => countQuery(db, needs).where(matches);
  // Deferred join: find the page's ids from indexes first, then read 24 full rows, instead of
  // joining and sorting every match with all its columns.
  const pageIds = matching()
    .select('listings.listing_id')
    .orderBy(sortBy, direction)
    .orderBy('listings.listing_id', 'desc')
    .limit(limit)
    .offset(offset);
  return {
    limit,
    offset,
    page: listingQuery(db)
      .where('listings.listing_id', 'in', pageIds)
      .orderBy(sortBy, direction)
      .orderBy('listings.listing_id', 'desc'),
    count: matching().select((eb) => eb.fn.countAll<number>().as('total')),
    matching,
  };
}

/** Active listings matching the search: one page, without the total (the spec's list calls). */
export async function searchListings(db: Db, q: SearchQuery, dialect: DialectName) {
  const rows = await searchQueries(db, q, dialect).page.execute();
  return rows.map(toListing);
}

/**
 * The listing words that answer the lookups (search_terms, kept by triggers: migration
 * 2026-12-03-search-words). Prefix ranges read the primary key in both engines; pieces of words
 * go through a trigram index (SQLite: FTS5 over each word followed by `$`; PostgreSQL: pg_trgm).
 */
async function readVocabulary(
  db: Db,
  dialect: DialectName,
  lookups: Lookup[],
): Promise<VocabularyWord[]> {
  const exact = [...new Set(lookups.flatMap((l) => ('exact' in l ? [l.exact] : [])))];
  const ranges = lookups.flatMap((l) => ('prefix' in l ? [l] : []));
  const grams = lookups.flatMap((l) => ('gram' in l ? [l] : []));
  if (exact.length + ranges.length + grams.length === 0) return [];
  return db
    .selectFrom('search_terms')
    .select(['term', 'docs'])
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      if (exact.length > 0) any.push(eb('term', 'in', exact));
      for (const r of ranges) {
        const range: Expression<SqlBool>[] = [eb('term', '>=', r.prefix)];
        const after = nextString(r.prefix);
        if (after) range.push(eb('term', '<', after));
        range.push(sql<SqlBool>`length(term) between ${r.minLength} and ${r.maxLength}`);
        any.push(eb.and(range));
      }
      if (grams.length > 0) {
        const shortest = Math.min(...grams.map((g) => g.minLength));
        const longest = Math.max(...grams.map((g) => g.maxLength));
        any.push(
          sql<SqlBool>`(${gramCondition(dialect, grams)} and length(term) between ${shortest} and ${longest})`,
        );
      }
      return eb.or(any);
    })
    .execute();
}

/** The first string after every string that starts with `prefix` (undefined: there is none). */
function nextString(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  // Every string starts with '', and none follows the last code point.
  if (last === undefined || last >= 0x10ffff) return undefined;
  // Past the surrogates, which no text holds on their own.
  return chars.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
}

/**
 * Listing words holding any of the pieces (a piece ending in `$` ends the word). SQLite: the
 * trigram index over every word followed by `$`. PostgreSQL: an end is a range of the reversed
 * word's index, a piece inside a LIKE through pg_trgm (words hold no wildcards or backslashes:
 * they are separators).
 */
function gramCondition(dialect: DialectName, grams: { gram: string }[]): RawBuilder<SqlBool> {
  if (dialect === 'sqlite') {
    const phrases = [...new Set(grams.map((g) => ftsPhrase(g.gram)))].join(' OR ');
    return sql`search_terms.rowid in (select rowid from search_terms_grams where search_terms_grams match ${phrases})`;
  }
  const conditions = grams.map(({ gram }) => {
    if (!gram.endsWith('$')) return sql`term like ${`%${gram}%`}`;
    const end = [...gram.slice(0, -1)].reverse().join('');
    const after = nextString(end);
    return after
      ? sql`(reverse(term) >= ${end} and reverse(term) < ${after})`
      : sql`reverse(term) >= ${end}`;
  });
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** SQLite: a match as an FTS5 query over products_text (words hold no quotes). */
function fts5(m: Match): string {
  if ('term' in m) return `"${m.term}"${m.prefix ? '*' : ''}`;
  if ('all' in m) return `(${m.all.map(fts5).join(' AND ')})`;
  return `(${m.any.map(fts5).join(' OR ')})`;
}

/** PostgreSQL: a match as a tsquery over products.search_vector (A: the title). */
function tsquery(m: Match, weight: '' | 'A'): string {
  if ('term' in m) {
    const label = `${m.prefix ? '*' : ''}${weight}`;
    return `'${m.term}'${label && `:${label}`}`;
  }
  if ('all' in m) return `(${m.all.map((x) => tsquery(x, weight)).join(' & ')})`;
  return `(${m.any.map((x) => tsquery(x, weight)).join(' | ')})`;
}

/**
 * The one thing the engines do differently: whether a listing's product holds a match, in its
 * title only or anywhere (title, description, category). SQLite asks FTS5 for the products, the
 * answer read once per statement; PostgreSQL checks the product's stored tsvector, which its
 * GIN index finds.
 */
function holds(dialect: DialectName, m: Match, titleOnly: boolean): RawBuilder<SqlBool> {
  if (dialect === 'postgres') {
    return sql`products.search_vector @@ ${tsquery(m, titleOnly ? 'A' : '')}::tsquery`;
  }
  const query = titleOnly ? `{title} : ${fts5(m)}` : fts5(m);
  return sql`listings.product_id in (select rowid from products_text where products_text match ${query})`;
}

/**
 * Relevance, best first: every word as a whole word in the title (0), every word as a whole
 * word anywhere (1), the rest: typos and the start of the last word (2).
 */
function tierOf(dialect: DialectName, r: Relevance): RawBuilder<number> {
  if (!r.whole) return sql<number>`2`;
  const inTitle = holds(dialect, r.whole, true);
  // With no typos or word starts in play, every match is whole.
  if (fts5(r.whole) === fts5(r.match)) return sql<number>`case when ${inTitle} then 0 else 1 end`;
  return sql<number>`case when ${inTitle} then 0 when ${holds(dialect, r.whole, false)} then 1 else 2 end`;
}

/** What a query's words match, read from the vocabulary; null when a word matches nothing. */
async function relevanceOf(db: Db, dialect: DialectName, words: QueryWord[]) {
  return relevance(words, await readVocabulary(db, dialect, lookupsFor(words)));
}

/** The page and count of a storefront search with words, ranked by relevance. */
function rankedQueries(db: Db, q: SearchQuery, dialect: DialectName, r: Relevance) {
  const { where, sortBy, direction, limit, offset } = filtersOf(q);
  const matches = (eb: ListingExpressions) => where(eb, holds(dialect, r.match, false));
  const needs = {
    products: Boolean(q.category) || dialect === 'postgres',
    users: Boolean(q.minRating),
  };
  const matching = () => countQuery(db, needs).where(matches);
  const ranked = matching()
    .select(['listings.listing_id', tierOf(dialect, r).as('tier')])
    .orderBy(sql`tier`)
    .orderBy(sortBy, direction)
    .orderBy('listings.listing_id', 'desc')
    .limit(limit)
    .offset(offset);
  return {
    page: listingQuery(db)
      .innerJoin(ranked.as('ranked'), 'ranked.listing_id', 'listings.listing_id')
      .orderBy('ranked.tier')
      .orderBy(sortBy, direction)
      .orderBy('listings.listing_id', 'desc'),
    count: matching().select((eb) => eb.fn.countAll<number>().as('total')),
    matching,
  };
}

/**
 * "Did you mean": when nothing matches, the query with its unknown words replaced by the closest
 * listing words (search-words.ts), offered only if that search finds something.
 */
async function suggestionFor(
  db: Db,
  q: SearchQuery,
  dialect: DialectName,
  words: QueryWord[],
): Promise<string | undefined> {
  const last = words.at(-1)!;
  const after = nextString(last.word);
  const [vocabulary, startsAWord] = await Promise.all([
    readVocabulary(db, dialect, [...lookupsFor(words), ...lookupsFor(words, 1)]),
    db
      .selectFrom('search_terms')
      .select('term')
      .where('term', '>=', last.word)
      .$if(after !== undefined, (b) => b.where('term', '<', after!))
      .limit(1)
      .executeTakeFirst(),
  ]);
  const text = suggestion(words, vocabulary, startsAWord !== undefined);
  if (!text) return undefined;
  const r = await relevanceOf(db, dialect, queryWords(text));
  if (!r) return undefined;
  const found = await rankedQueries(db, { ...q, title: text }, dialect, r).count.executeTakeFirst();
  return Number(found?.total ?? 0) > 0 ? text : undefined;
}

/**
 * One page of the storefront search with the total for paging (GET /api/search): every word of
 * the text must match the listing's title, description or category, as search-words.ts decides;
 * the best matches come first, then the chosen sort.
 */
export async function searchPageOf(
  db: Db,
  q: SearchQuery,
  dialect: DialectName,
): Promise<SearchPage> {
  const words = queryWords(q.title);
  if (words.length === 0) {
    // No text, or only punctuation ("%"), found in titles as the spec's calls find it.
    const { page, count, limit, offset } = searchQueries(db, q, dialect);
    const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
    return { items: rows.map(toListing), total: Number(counted.total), limit, offset };
  }
  const { limit, offset } = filtersOf(q);
  const r = await relevanceOf(db, dialect, words);
  let items: Listing[] = [];
  let total = 0;
  if (r) {
    const { page, count } = rankedQueries(db, q, dialect, r);
    const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
    items = rows.map(toListing);
    total = Number(counted.total);
  }
  if (total > 0) return { items, total, limit, offset };
  const suggestion = await suggestionFor(db, q, dialect, words);
  return { items, total, limit, offset, ...(suggestion && { suggestion }) };
}

/**
 * Whether the storefront search finds this one listing, by the search's own conditions and
 * words (a saved search hearing of a new listing): matching is written once, here.
 */
export async function searchFinds(db: Db, q: SearchQuery, dialect: DialectName, listingId: number) {
  const words = queryWords(q.title);
  let matching;
  if (words.length === 0) {
    matching = searchQueries(db, q, dialect).matching();
  } else {
    const r = await relevanceOf(db, dialect, words);
    if (!r) return false;
    matching = rankedQueries(db, q, dialect, r).matching();
  }
  const found = await matching
    .where('listings.listing_id', '=', listingId)
    .select('listings.listing_id')
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * The search epoch: a counter the database bumps on every change to what search returns
 * (migration 2026-11-25-search-at-scale), so cached results can be checked in one read.
 */
export async function searchEpoch(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select n from search_epoch where id = 1`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
