/**
 * Saved searches never slow a new listing down: the create request only raises an event, the
 * notification worker matches it (off the request's path), each new listing is checked against
 * a bounded number of searches in memory, and tells a bounded number of them (docs/SECURITY.md,
 * "Third round").
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, SAVED_SEARCH_MATCHING, type Category } from '#shared/constants.js';
import type { SavedSearchQuery } from '#shared/schemas/listings-saved-searches.js';
import { SCREENS } from '#shared/screens.js';
import { createListing, createUser } from '#server/db/factories.js';
import { mayFind } from '#server/features/listings/saved-search-match.js';
import { canonicalQuery } from '#server/features/listings/saved-searches-repository.js';
import { listingQuery, searchFinds } from '#server/features/listings/search-repository.js';
import { listingBody } from '../data.js';
import { appForFile, as, rowsOf, signedInUser } from '../harness.js';
import { allTold, kindsOf } from '../notify-support.js';

const ctx = await appForFile();
const seller = await signedInUser(ctx, { username: 'lists_a_lot' });
beforeEach(async () => {
  // Each test counts only its own searches.
  await allTold(ctx);
  await ctx.database.db.deleteFrom('saved_searches').execute();
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

/** Who heard of the listing as a saved search's match, once everything raised was told. */
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
  it('answers 201 whatever the searches hold; the owner hears of it later, from the worker', async () => {
    const watcher = await signedInUser(ctx);
    expect(
      (await as(ctx, watcher).post('/api/saved-searches', { title: 'bookshelf' })).statusCode,
    ).toBe(201);
    // A search kept under rules that have changed since: the create never reads it (the
    // request matched every search before, and answered 500 here).
    const [stale] = await keepSearches(1, () => [{ title: 'bookshelf' }]);
    await ctx.database.db
      .updateTable('saved_searches')
      .set({ query: '{"minRating":9,"title":"bookshelf"}' })
      .where('user_id', '=', stale!)
      .execute();
    const { listing_id } = await post({ title: 'Walnut bookshelf' });
    expect(await toldOf(listing_id)).toEqual([watcher.user.user_id]);
    expect(await kindsOf(ctx, watcher)).toEqual(['saved_search_match']);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 201 while the saved searches cannot even be read (PostgreSQL: a lock held)',
    async () => {
      const watcher = await signedInUser(ctx);
      await as(ctx, watcher).post('/api/saved-searches', { title: 'armchair' });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = ctx.database.db.transaction().execute(async (trx) => {
        await sql`lock table saved_searches in access exclusive mode`.execute(trx);
        locked();
        await released;
      });
      try {
        await isLocked;
        const { listing_id } = await post({ title: 'Green armchair' });
        expect(await rowsOf(ctx, 'notifications', watcher)).toEqual([]);
        release();
        await holding;
        expect(await toldOf(listing_id)).toEqual([watcher.user.user_id]);
      } finally {
        release();
        await holding;
      }
    },
  );

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
  });

  it('leaves out, before the cap, the searches of those who would not be told', async () => {
    const blockers = await keepSearches(SAVED_SEARCH_MATCHING.told, () => [{ title: 'kettle' }]);
    await ctx.database.db
      .insertInto('blocks')
      .values(
        blockers.map((blocker_id) => ({
          blocker_id,
          blocked_id: seller.user.user_id,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const [suspended] = await keepSearches(1, () => [{ title: 'kettle' }]);
    await ctx.database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspended_reason: 'test' })
      .where('user_id', '=', suspended!)
      .execute();
    const [keen] = await keepSearches(1, () => [{ title: 'kettle' }]);
    const { listing_id } = await post({ title: 'Electric kettle' });
    expect(await toldOf(listing_id)).toEqual([keen]);
  });

  it(`still tells the one search that matches among ${LIMITS.savedSearches} never-matching searches of each of 50 accounts`, async () => {
    await keepSearches(50, (o) =>
      Array.from({ length: LIMITS.savedSearches }, (_, i) => ({
        title: `zq${o}x${i} unfindable`,
        ...(i % 2 === 0 && { category: 'Furniture' as const }),
      })),
    );
    const watcher = await signedInUser(ctx);
    await as(ctx, watcher).post('/api/saved-searches', { title: 'oak shelf' });
    const { listing_id } = await post({ title: 'Oak shelf', category: 'Furniture' });
    expect(await toldOf(listing_id)).toEqual([watcher.user.user_id]);
  });

  it('tells the searches that find the listing, by every kind of condition a search keeps', async () => {
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

describe('the check in memory', () => {
  /** [title, description, category] */
  const LISTINGS: [string, string, Category][] = [
    ['Organic chemistry textbook', 'Clayden, 2nd edition.', 'Books'],
    ['IKEA desk lamp', 'Bright LED bulb included.', 'Furniture'],
    ['Floor lamps (pair)', 'Two tall ones, warm light.', 'Furniture'],
    ['Graphing calculator TI-84 Plus', 'Works for every math class.', 'Electronics'],
    ['Denim jackets (2)', 'Sizes S and L.', 'Clothing'],
    ["Batteries for Ana's camera", 'AA, 100% charged!', 'Electronics'],
    ['Café crème mugs', 'Fünf Tassen, très jolies.', 'Other'],
  ];
  const TYPED = [
    'lamp',
    'lamps',
    'LAMP desk',
    'lmap',
    'jaket',
    'jakets',
    'chemestyr',
    'chem',
    'textbooks',
    'ti84',
    'TI-84',
    'ti 84',
    'ti-83',
    'calc',
    'graphing calculater',
    'battery',
    'ana',
    "ana's",
    'camera for ana',
    'the',
    'café',
    'cafe',
    'crème',
    'fünf',
    'tassen jolie',
    '100%',
    '%',
    '(2)',
    'aa',
    'a',
    'de',
    'd',
    'bright light',
    'warm',
    'clothing',
    'furniture lamp',
    'zq0x1 unfindable',
  ];

  it('never refuses a search that finds the listing (both engines)', async () => {
    const vendor = await createUser(ctx.database.db);
    let found = 0;
    for (const [title, description, category] of LISTINGS) {
      const { listing_id } = await createListing(ctx.database.db, {
        vendor_id: vendor.user_id,
        title,
        description,
        category,
      });
      const inHand = await listingQuery(ctx.database.db)
        .where('listings.listing_id', '=', listing_id)
        .executeTakeFirstOrThrow();
      const check = mayFind(inHand);
      for (const typed of TYPED) {
        const q = { title: typed };
        const finds = await searchFinds(ctx.database.db, q, ctx.database.dialect, listing_id);
        if (finds) expect(check(q), `"${typed}" finds "${title}"`).toBe(true);
        if (finds) found++;
      }
    }
    // Not a vacuous check: dozens of the pairs are finds.
    expect(found).toBeGreaterThanOrEqual(30);
  });

  it('refuses, without the database, searches whose words are nothing like the listing', () => {
    const check = mayFind({
      title: 'Oak shelf',
      description: 'Sturdy.',
      category: 'Furniture',
      conditions: 'New',
      discount: 0,
      listing_date: new Date().toISOString(),
      listing_status: 'Active',
      rating: null,
    });
    expect(check({ title: 'zq0x1 unfindable' })).toBe(false);
    expect(check({ title: 'kayak' })).toBe(false);
    expect(check({ title: 'oak' })).toBe(true);
    expect(check({ title: 'shelves' })).toBe(true);
  });
});
