/**
 * Saved searches never slow a new listing down: the create request only raises an event, the
 * notification worker matches it (off the request's path), each new listing is matched against
 * a bounded number of searches, checked in memory, and tells a bounded number of them
 * (docs/SECURITY.md, "Third round").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SavedSearches from '#server/features/listings/saved-searches-repository.js';
import type * as Search from '#server/features/listings/search-repository.js';
import { LIMITS, SAVED_SEARCH_MATCHING } from '#shared/constants.js';
import type { SavedSearchQuery } from '#shared/schemas/saved-searches.js';
import { createUser } from '#server/db/factories.js';
import { canonicalQuery } from '#server/features/listings/saved-searches-repository.js';
import { SCREENS } from '#shared/screens.js';
import { listingBody } from './data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from './harness.js';
import { allTold, kindsOf } from './notify-support.js';

/**
 * The matching, watched: `gate` holds it until the test opens it; `asked` counts the searches
 * put to the database one by one (searchFinds).
 */
const watch = vi.hoisted(() => ({ gate: Promise.resolve(), asked: 0 }));
vi.mock('#server/features/listings/saved-searches-repository.js', async (importOriginal) => {
  const real = await importOriginal<typeof SavedSearches>();
  return {
    ...real,
    searchesMatching: async (...args: Parameters<typeof real.searchesMatching>) => {
      await watch.gate;
      return real.searchesMatching(...args);
    },
  };
});
vi.mock('#server/features/listings/search-repository.js', async (importOriginal) => {
  const real = await importOriginal<typeof Search>();
  return {
    ...real,
    searchFinds: (...args: Parameters<typeof real.searchFinds>) => {
      watch.asked++;
      return real.searchFinds(...args);
    },
  };
});

let ctx: TestContext;
let seller: Actor;
beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signedInUser(ctx, { username: 'lists_a_lot' });
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  // Each test counts only its own searches.
  await allTold(ctx);
  await ctx.database.db.deleteFrom('saved_searches').execute();
  watch.asked = 0;
});

const post = async (overrides: Parameters<typeof listingBody>[1]) => {
  const res = await as(ctx, seller).post('/api/listing', await listingBody(seller, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ listing_id: number }>();
};

/** Keeps searches for `owners` new accounts (without signing them in), `each` per account. */
async function keepSearches(owners: number, each: (owner: number) => SavedSearchQuery[]) {
  const ids: number[] = [];
  for (let o = 0; o < owners; o++) {
    const { user_id } = await createUser(ctx.database.db);
    ids.push(user_id);
    await ctx.database.db
      .insertInto('saved_searches')
      .values(
        each(o).map((query) => ({
          user_id,
          query: canonicalQuery(query),
          category: query.category ?? null,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
  }
  return ids;
}

/** Who heard of the listing as a saved search's match. */
async function toldOf(listingId: number): Promise<number[]> {
  await allTold(ctx);
  const rows = await ctx.database.db
    .selectFrom('notifications')
    .select('user_id')
    .where('kind', '=', 'saved_search_match')
    .where('url', '=', SCREENS.listing(listingId))
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

describe('a new listing and the saved searches it answers', () => {
  it('answers 201 before any search is tried; the owner hears of it later, from the worker', async () => {
    const watcher = await signedInUser(ctx);
    const saved = await as(ctx, watcher).post('/api/saved-searches', { title: 'bookshelf' });
    expect(saved.statusCode).toBe(201);
    let open!: () => void;
    watch.gate = new Promise((resolve) => (open = resolve));
    try {
      // The matching waits behind the gate: the request would wait with it if it matched.
      const { listing_id } = await post({ title: 'Walnut bookshelf' });
      const notices = await ctx.database.db
        .selectFrom('notifications')
        .select('notification_id')
        .where('user_id', '=', watcher.user.user_id)
        .execute();
      expect(notices).toEqual([]);
      open();
      expect(await toldOf(listing_id)).toEqual([watcher.user.user_id]);
      expect(await kindsOf(ctx, watcher)).toEqual(['saved_search_match']);
    } finally {
      open();
      watch.gate = Promise.resolve();
    }
  });

  it(`tells at most ${SAVED_SEARCH_MATCHING.told} searches of one listing; the next listing tells the others`, async () => {
    const extra = 10;
    const owners = await keepSearches(SAVED_SEARCH_MATCHING.told + extra, () => [
      { title: 'lamp' },
    ]);
    const first = await post({ title: 'Brass desk lamp' });
    const toldFirst = await toldOf(first.listing_id);
    expect(toldFirst).toHaveLength(SAVED_SEARCH_MATCHING.told);
    // The searches told are within their hour: the next lamp tells the others.
    const second = await post({ title: 'Paper floor lamp' });
    const toldSecond = await toldOf(second.listing_id);
    expect(toldSecond).toHaveLength(extra);
    expect([...toldFirst, ...toldSecond].sort((a, b) => a - b)).toEqual(owners);
    // Searches kept alike are one question to the database, once per listing.
    expect(watch.asked).toBe(2);
  });

  it(`checks ${LIMITS.savedSearches} never-matching searches of each of 50 accounts in memory, and still tells the one that matches`, async () => {
    // Each account keeps as many searches as it may, none of which finds anything.
    await keepSearches(50, (o) =>
      Array.from({ length: LIMITS.savedSearches }, (_, i) => ({
        title: `zq${o}x${i}unfindable`,
        ...(i % 2 === 0 && { category: 'Furniture' as const }),
      })),
    );
    const watcher = await signedInUser(ctx);
    await as(ctx, watcher).post('/api/saved-searches', { title: 'oak shelf' });
    const { listing_id } = await post({ title: 'Oak shelf', category: 'Furniture' });
    expect(await toldOf(listing_id)).toEqual([watcher.user.user_id]);
    // 1,000 searches read; one put to the database.
    expect(watch.asked).toBe(1);
  });

  it('tells the same as before for every kind of condition a search keeps', async () => {
    const searches: Record<string, SavedSearchQuery> = {
      words: { title: 'WALNUT chair' },
      typo: { title: 'walnutt' },
      start: { title: 'cha' },
      symbols: { title: '#' },
      category: { title: 'chair', category: 'Furniture' },
      otherCategory: { title: 'chair', category: 'Books' },
      condition: { condition: 'Used - Fair' },
      discount: { minDiscount: 50 },
      smallDiscount: { minDiscount: 10 },
      rating: { minRating: 4 },
      recent: { datePosted: '24h' },
      everything: {},
      nothing: { title: 'sofa' },
    };
    const names = Object.keys(searches);
    const owners = await keepSearches(names.length, (o) => [searches[names[o]!]!]);
    const { listing_id } = await post({
      title: 'Walnut chair #2',
      category: 'Furniture',
      conditions: 'Used - Good',
      discount: 20,
    });
    const told = (await toldOf(listing_id)).map((id) => names[owners.indexOf(id)]);
    expect(told.sort()).toEqual(
      [
        'words',
        'typo',
        'start',
        'symbols',
        'category',
        'smallDiscount',
        'recent',
        'everything',
      ].sort(),
    );
  });
});
