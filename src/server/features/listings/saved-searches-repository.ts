/** Saved searches: a search kept to hear of new listings that match it. */
import { LIMITS, SAVED_SEARCH_NOTICE_MS } from '#shared/constants.js';
import {
  savedSearchBody,
  type SavedSearch,
  type SavedSearchQuery,
} from '#shared/schemas/listings-saved-searches.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

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
export const readQuery = (text: string): SavedSearchQuery =>
  savedSearchBody.parse(JSON.parse(text));

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
