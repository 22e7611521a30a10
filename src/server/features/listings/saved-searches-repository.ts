/** Saved searches: a search kept to hear of new listings that match it. */
import { LRUCache } from 'lru-cache';
import {
  LIMITS,
  SAVED_SEARCH_MATCHING,
  SAVED_SEARCH_NOTICE_MS,
  type Category,
} from '#shared/constants.js';
import {
  savedSearchBody,
  type SavedSearch,
  type SavedSearchQuery,
} from '#shared/schemas/saved-searches.js';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import { mayFind } from './saved-search-match.js';
import { listingQuery, searchFinds } from './search-repository.js';

/**
 * A search as kept: the fields a person chose, in one order, the title's spaces collapsed, so
 * saving the same search twice keeps one.
 */
export function canonicalQuery(query: SavedSearchQuery): string {
  const title = query.title?.replace(/\s+/g, ' ').trim();
  const fields: Record<string, unknown> = { ...query, title: title || undefined };
  const kept = Object.keys(fields)
    .filter((key) => fields[key] !== undefined)
    .sort()
    .map((key) => [key, fields[key]]);
  return JSON.stringify(Object.fromEntries(kept));
}

/** A kept query, read back through the search's own schema. */
const readQuery = (text: string): SavedSearchQuery => savedSearchBody.parse(JSON.parse(text));

interface SavedSearchRow {
  saved_search_id: number;
  query: string;
  created_at: string;
}

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  saved_search_id: row.saved_search_id,
  ...readQuery(row.query),
  created_at: row.created_at,
});

export async function savedSearchesOf(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select(['saved_search_id', 'query', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('saved_search_id', 'desc')
    .execute();
  return rows.map(toSavedSearch);
}

/**
 * Keeps the search: `created`, or the same search kept before (`existing`), or `full` once the
 * person keeps as many as they may.
 */
export async function saveSearch(
  db: Db,
  userId: number,
  query: SavedSearchQuery,
): Promise<{ outcome: 'created' | 'existing'; search: SavedSearch } | { outcome: 'full' }> {
  const text = canonicalQuery(query);
  const find = () =>
    db
      .selectFrom('saved_searches')
      .select(['saved_search_id', 'query', 'created_at'])
      .where('user_id', '=', userId)
      .where('query', '=', text)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return { outcome: 'existing', search: toSavedSearch(existing) };
  const count = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= LIMITS.savedSearches) return { outcome: 'full' };
  const inserted = await db
    .insertInto('saved_searches')
    .values({
      user_id: userId,
      query: text,
      category: query.category ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'query']).doNothing())
    .returning(['saved_search_id', 'query', 'created_at'])
    .executeTakeFirst();
  // Saved twice at once: the other request kept it.
  if (!inserted) return { outcome: 'existing', search: toSavedSearch((await find())!) };
  return { outcome: 'created', search: toSavedSearch(inserted) };
}

export function savedSearchOwner(db: Db, savedSearchId: number) {
  return db
    .selectFrom('saved_searches')
    .select('user_id')
    .where('saved_search_id', '=', savedSearchId)
    .executeTakeFirst();
}

export async function deleteSavedSearch(db: Db, savedSearchId: number) {
  await db.deleteFrom('saved_searches').where('saved_search_id', '=', savedSearchId).execute();
}

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

/** Kept searches read as queries: the same text is parsed once, whichever listing asks. */
const parsedQueries = new LRUCache<string, SavedSearchQuery>({ max: 10_000 });
const queryOf = (text: string) => {
  let query = parsedQueries.get(text);
  if (!query) parsedQueries.set(text, (query = readQuery(text)));
  return query;
};

/**
 * The saved searches a new listing answers, whose owners may hear of it now: never its
 * seller's, nor those of a suspended account or of one who blocked the seller, none told of a
 * match in the last hour, and only those the search itself finds the listing with (searchFinds:
 * the search's own conditions). Bounded whatever people keep (SAVED_SEARCH_MATCHING): the
 * candidates of its category (or of none) are read in one statement and checked in memory
 * (mayFind), and only those that may find it, least recently told first, are asked of the
 * database, one query each, up to `told`.
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
  const candidates = await db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .select(['s.saved_search_id', 's.user_id', 's.query', 's.notified_at'])
    .where((eb) => eb.or([eb('s.category', 'is', null), eb('s.category', '=', listing.category)]))
    .where((eb) => eb.or([eb('s.notified_at', 'is', null), eb('s.notified_at', '<=', since)]))
    .where('s.user_id', '!=', listing.vendor_id)
    .where('u.suspended_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocker_id')
            .whereRef('b.blocker_id', '=', 's.user_id')
            .where('b.blocked_id', '=', listing.vendor_id),
        ),
      ),
    )
    .orderBy('s.saved_search_id')
    .limit(SAVED_SEARCH_MATCHING.scanned)
    .execute();
  const check = mayFind({ ...inHand, rating: inHand.rating && Number(inHand.rating) }, +now);
  const likely = candidates
    .filter((c) => check(queryOf(c.query)))
    // Those told longest ago (never: first) go first when more match than may be told.
    .sort(
      (a, b) =>
        (a.notified_at ?? '').localeCompare(b.notified_at ?? '') ||
        a.saved_search_id - b.saved_search_id,
    )
    .slice(0, SAVED_SEARCH_MATCHING.told);
  const answers = new Map<string, Promise<boolean>>();
  const matches: SearchMatch[] = [];
  for (const c of likely) {
    // Searches kept alike (the canonical text) are one question.
    let finds = answers.get(c.query);
    if (!finds) {
      finds = searchFinds(db, queryOf(c.query), dialect, listing.listing_id);
      answers.set(c.query, finds);
    }
    if (await finds) matches.push({ saved_search_id: c.saved_search_id, user_id: c.user_id });
  }
  return matches;
}

/**
 * Takes the searches' turns to tell their owners: answers those whose turn this caller took,
 * each for exactly one caller an hour, even with several instances matching at once (one
 * conditional update).
 */
export async function claimNotices(
  db: Db,
  savedSearchIds: readonly number[],
  now = new Date(),
): Promise<number[]> {
  if (savedSearchIds.length === 0) return [];
  const since = new Date(now.getTime() - SAVED_SEARCH_NOTICE_MS).toISOString();
  const rows = await db
    .updateTable('saved_searches')
    .set({ notified_at: now.toISOString() })
    .where('saved_search_id', 'in', savedSearchIds)
    .where((eb) => eb.or([eb('notified_at', 'is', null), eb('notified_at', '<=', since)]))
    .returning('saved_search_id')
    .execute();
  return rows.map((row) => row.saved_search_id);
}

/** Takes one search's turn to tell its owner: true for exactly one caller an hour. */
export async function claimNotice(db: Db, savedSearchId: number, now = new Date()) {
  return (await claimNotices(db, [savedSearchId], now)).length > 0;
}
