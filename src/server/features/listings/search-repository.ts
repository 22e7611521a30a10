/** Search, featured listings and the listing row shape (SQL for reading listings in bulk). */
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
  FEATURED_COUNT,
  PRICE_DROP_SHOWN_MS,
  sellerRating,
} from '#shared/constants.js';
import type { Listing, SearchQuery } from '#shared/schemas/listings.js';
import type { DialectName } from '#server/db/connect.js';
import type { Database, Db } from '#server/db/schema.js';

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

/** The page query and the count query of a search; both apply the same filters. */
function searchQueries(db: Db, q: SearchQuery, dialect: DialectName) {
  const words = titleWords(q.title);
  const matches = (eb: ListingExpressions) => {
    const all: Expression<SqlBool>[] = [eb('listings.listing_status', '=', 'Active')];
    if (q.category) all.push(eb('products.category', '=', q.category));
    if (words.length > 0) all.push(titleCondition(dialect, words));
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
  const limit = q.limit ?? DEFAULT_PAGE;
  const offset = q.offset ?? 0;
  const needs = { products: Boolean(q.category) || words.length > 0, users: Boolean(q.minRating) };
  const [sortBy, direction] =
    q.priceSort === 'low-to-high'
      ? (['listings.price_cents', 'asc'] as const)
      : q.priceSort === 'high-to-low'
        ? (['listings.price_cents', 'desc'] as const)
        : (['listings.listing_date', 'desc'] as const);
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

/** One page of the search with the total for paging (GET /api/search). */
export async function searchPageOf(db: Db, q: SearchQuery, dialect: DialectName) {
  const { page, count, limit, offset } = searchQueries(db, q, dialect);
  const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
  return { items: rows.map(toListing), total: Number(counted.total), limit, offset };
}

/**
 * Whether the search finds this one listing, by the search's own conditions (a saved search
 * hearing of a new listing): matching is written once, here.
 */
export async function searchFinds(db: Db, q: SearchQuery, dialect: DialectName, listingId: number) {
  const found = await searchQueries(db, q, dialect)
    .matching()
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

/** A uniformly random permutation of `items` (Fisher-Yates, in place). */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Up to `wanted` distinct random active listings, in random order (the featured pool). Samples
 * ids between the lowest and highest listing id and reads those rows by primary key, instead of
 * sorting the whole table randomly; when sampling finds too few (few listings, or few of them
 * active), it reads active listings on from a random id, wrapping around.
 */
export async function randomActiveListings(db: Db, wanted = FEATURED_COUNT): Promise<Listing[]> {
  // Two scalar subqueries: SQLite answers a lone min() or max() from the primary key in one
  // step, but min() and max() in one select read the whole table.
  const range = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('listings')
        .select((e) => e.fn.min('listing_id').as('lo'))
        .as('lo'),
      eb
        .selectFrom('listings')
        .select((e) => e.fn.max('listing_id').as('hi'))
        .as('hi'),
    ])
    .executeTakeFirst();
  const lo = Number(range?.lo ?? 0);
  const hi = Number(range?.hi ?? 0);
  if (!hi) return [];
  const span = hi - lo + 1;
  const active = () => listingQuery(db).where('listings.listing_status', '=', 'Active');
  const found = new Map<number, ListingRow>();
  const add = (rows: ListingRow[]) => {
    for (const row of rows) if (found.size < wanted) found.set(row.listing_id, row);
  };
  if (span > wanted * 2) {
    for (let round = 0; round < 3 && found.size < wanted; round++) {
      const ids = new Set<number>();
      const draws = Math.min(span, (wanted - found.size) * 2);
      while (ids.size < draws) ids.add(lo + Math.floor(Math.random() * span));
      add(
        shuffle(
          await active()
            .where('listings.listing_id', 'in', [...ids])
            .execute(),
        ),
      );
    }
  }
  if (found.size < wanted) {
    const start = lo + Math.floor(Math.random() * span);
    const onFrom = (op: '>=' | '<', limit: number) =>
      active()
        .where('listings.listing_id', op, start)
        .where('listings.listing_id', 'not in', [0, ...found.keys()])
        .orderBy('listings.listing_id')
        .limit(limit)
        .execute();
    add(await onFrom('>=', wanted - found.size));
    if (found.size < wanted) add(await onFrom('<', wanted - found.size));
  }
  return shuffle([...found.values()]).map(toListing);
}
