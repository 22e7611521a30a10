/**
 * A new listing against the saved searches (the notification worker's `listing.listed`, off the
 * request's path): which searches find it, bounded whatever people keep.
 */
import { LRUCache } from 'lru-cache';
import { SAVED_SEARCH_MATCHING, SAVED_SEARCH_NOTICE_MS, type Category } from '#shared/constants.js';
import type { SavedSearchQuery } from '#shared/schemas/listings-saved-searches.js';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { mayFind, prepareQuery, type PreparedQuery } from './saved-search-match.js';
import { readQuery } from './saved-searches-repository.js';
import { listingQuery, searchFinds } from './search-repository.js';

export interface NewListingFacts {
  listing_id: number;
  vendor_id: number;
  category: Category;
}

/** A saved search a new listing answers, and its owner. */
export interface SearchMatch {
  saved_search_id: number;
  user_id: number;
}

/**
 * Kept searches as the matching reads them, by id: a search never changes once kept (a new one
 * is a new row, and ids are never used again), so each is read and parsed once, whichever
 * listing asks.
 */
interface KeptSearch {
  saved_search_id: number;
  user_id: number;
  /** The canonical text: alike searches are one question to the database. */
  text: string;
  query: SavedSearchQuery;
  prepared: PreparedQuery;
}
/** Per database (tests open several in one process). */
const keptByDatabase = new WeakMap<Db, LRUCache<number, KeptSearch>>();

function readable(text: string): SavedSearchQuery | null {
  try {
    return readQuery(text);
  } catch {
    return null;
  }
}

/** Read, parsed or checked in memory this many at a time, letting requests in between. */
const AT_ONCE = 100;
const letRequestsIn = () => new Promise((resolve) => setImmediate(resolve));

/** The searches by id, those not yet in memory read in parts. */
async function keptSearchesOf(db: Db, ids: readonly number[]): Promise<KeptSearch[]> {
  let keptSearches = keptByDatabase.get(db);
  if (!keptSearches) {
    keptSearches = new LRUCache({ max: 2 * SAVED_SEARCH_MATCHING.scanned });
    keptByDatabase.set(db, keptSearches);
  }
  const missing = ids.filter((id) => !keptSearches.has(id));
  for (let i = 0; i < missing.length; i += AT_ONCE) {
    if (i > 0) await letRequestsIn();
    const rows = await db
      .selectFrom('saved_searches')
      .select(['saved_search_id', 'user_id', 'query'])
      .where('saved_search_id', 'in', missing.slice(i, i + AT_ONCE))
      .execute();
    for (const row of rows) {
      const query = readable(row.query);
      // Kept under rules that have changed since (a filter value gone): it finds nothing.
      if (!query) continue;
      keptSearches.set(row.saved_search_id, {
        saved_search_id: row.saved_search_id,
        user_id: row.user_id,
        text: row.query,
        query,
        prepared: prepareQuery(query),
      });
    }
  }
  // One deleted meanwhile, or unreadable, is left out.
  return ids.flatMap((id) => keptSearches.get(id) ?? []);
}

/**
 * The saved searches a new listing answers, whose owners may hear of it now: never its
 * seller's, nor those of a suspended account or of one who blocked the seller, none told of a
 * match in the last hour, and only those the search itself finds the listing with (searchFinds:
 * the search's own conditions). Bounded whatever people keep (SAVED_SEARCH_MATCHING): the ids
 * of the candidates of its category (or of none) are read in one statement, the searches are
 * checked in memory (mayFind; each read and parsed once, then kept), and only those that may
 * find it, least recently told first, are asked of the database, one query each (alike
 * searches once), up to `told`.
 */
export async function searchesMatching(
  db: Db,
  dialect: DialectName,
  listing: NewListingFacts,
  now = new Date(),
): Promise<SearchMatch[]> {
  const inHand = await listingQuery(db)
    .where('listings.listing_id', '=', listing.listing_id)
    .executeTakeFirst();
  if (!inHand || inHand.listing_status !== 'Active') return [];
  const since = new Date(now.getTime() - SAVED_SEARCH_NOTICE_MS).toISOString();
  const ids = await db
    .selectFrom('saved_searches')
    .select('saved_search_id')
    .where((eb) => eb.or([eb('category', 'is', null), eb('category', '=', listing.category)]))
    .where((eb) => eb.or([eb('notified_at', 'is', null), eb('notified_at', '<=', since)]))
    .where('user_id', '!=', listing.vendor_id)
    .orderBy('saved_search_id')
    .limit(SAVED_SEARCH_MATCHING.scanned)
    .execute();
  const candidates = await keptSearchesOf(
    db,
    ids.map((row) => row.saved_search_id),
  );
  const check = mayFind({ ...inHand, rating: inHand.rating && Number(inHand.rating) }, +now);
  const mayMatch: KeptSearch[] = [];
  for (const [i, c] of candidates.entries()) {
    if (i > 0 && i % AT_ONCE === 0) await letRequestsIn();
    if (check(c.query, c.prepared)) mayMatch.push(c);
  }
  const { told } = SAVED_SEARCH_MATCHING;
  const likely: typeof mayMatch = [];
  for (const part of await leastRecentlyTold(db, mayMatch, told)) {
    const unheard = await unheardOwners(db, part, listing.vendor_id);
    likely.push(...part.filter((c) => !unheard.has(c.user_id)));
    if (likely.length >= told) break;
  }
  likely.splice(told);
  const answers = new Map<string, Promise<boolean>>();
  const matches: SearchMatch[] = [];
  for (const c of likely) {
    // Searches kept alike (the canonical text) are one question.
    let finds = answers.get(c.text);
    if (!finds) {
      finds = searchFinds(db, c.query, dialect, listing.listing_id);
      answers.set(c.text, finds);
    }
    if (await finds) matches.push({ saved_search_id: c.saved_search_id, user_id: c.user_id });
  }
  return matches;
}

/**
 * The searches in parts of `size`, those told longest ago (never: first) first: the order in
 * which more searches than may be told take their turns.
 */
async function leastRecentlyTold(
  db: Db,
  searches: KeptSearch[],
  size: number,
): Promise<KeptSearch[][]> {
  if (searches.length <= size) return [searches];
  const told = new Map<number, string>();
  for (let i = 0; i < searches.length; i += 500) {
    const rows = await db
      .selectFrom('saved_searches')
      .select(['saved_search_id', 'notified_at'])
      .where(
        'saved_search_id',
        'in',
        searches.slice(i, i + 500).map((s) => s.saved_search_id),
      )
      .execute();
    for (const row of rows) told.set(row.saved_search_id, row.notified_at ?? '');
  }
  const ordered = [...searches].sort(
    (a, b) =>
      (told.get(a.saved_search_id) ?? '').localeCompare(told.get(b.saved_search_id) ?? '') ||
      a.saved_search_id - b.saved_search_id,
  );
  const parts = [];
  for (let i = 0; i < ordered.length; i += size) parts.push(ordered.slice(i, i + size));
  return parts;
}

/**
 * Of the owners of these searches, those who would not be told (tell.ts, recipientsOf): a
 * suspended account, or one who blocked the seller. Left out before the cap, so they take no
 * one's turn; asked about the searches that may match, a cap's worth at a time.
 */
async function unheardOwners(db: Db, searches: { user_id: number }[], sellerId: number) {
  const owners = [...new Set(searches.map((s) => s.user_id))];
  if (owners.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', 'in', owners)
    .where((eb) =>
      eb.or([
        eb('u.suspended_at', 'is not', null),
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blocker_id')
            .whereRef('b.blocker_id', '=', 'u.user_id')
            .where('b.blocked_id', '=', sellerId),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
