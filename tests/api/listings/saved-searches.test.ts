import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants.js';
import type { SavedSearch } from '#shared/schemas/listings-saved-searches.js';
import { searchesMatching } from '#server/features/listings/saved-search-matches-repository.js';
import { claimNotice } from '#server/features/listings/saved-searches-repository.js';
import { listingBody, listingOf } from '../data.js';
import { appForFile, as, ownRead, signedInUser, snapshot, type Actor } from '../harness.js';
import { centreOf, kindsOf } from '../notify-support.js';

const ctx = await appForFile();
const ana = await signedInUser(ctx, { username: 'ana_saves' });
const ben = await signedInUser(ctx, { username: 'ben_saves' });
const seller = await signedInUser(ctx, { username: 'new_stuff' });

const save = (actor: Actor, body: unknown) => as(ctx, actor).post('/api/saved-searches', body);
const listOf = (actor: Actor) => ownRead<SavedSearch[]>(ctx, actor, '/api/saved-searches');

describe('saved searches', () => {
  it('keeps a search with its own fields, read through the search schema', async () => {
    const res = await save(ana, {
      title: '  desk   lamp ',
      category: 'furniture',
      condition: 'used - good',
      minDiscount: '10',
      minRating: 3,
      priceSort: 'low-to-high',
      datePosted: '7d',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const saved = res.json<SavedSearch>();
    expect(saved).toEqual({
      saved_search_id: expect.any(Number),
      title: 'desk lamp',
      category: 'Furniture',
      condition: 'Used - Good',
      minDiscount: 10,
      minRating: 3,
      priceSort: 'low-to-high',
      datePosted: '7d',
      created_at: expect.any(String),
    });
    expect(await listOf(ana)).toEqual([saved]);
    expect(await listOf(ben)).toEqual([]);
  });

  it('answers the same search saved again with the one kept (200)', async () => {
    const first = await save(ben, { title: 'Bike', category: 'Other' });
    expect(first.statusCode).toBe(201);
    const again = await save(ben, { category: 'other', title: 'Bike ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // An empty search (everything new) is a search too.
    expect((await save(ben, {})).statusCode).toBe(201);
    expect((await save(ben, { title: '' })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown category', { category: 'Toys' }, 'Category must be one of'],
    ['an unknown filter value', { minRating: 9 }, 'Unknown rating filter'],
    ['a title too long', { title: 'x'.repeat(LIMITS.searchWord + 1) }, 'too long'],
    ['paging, which no search keeps', { limit: 5 }, 'limit'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s with 400, keeping nothing', async (_label, body, message) => {
    const before = await snapshot(ctx);
    const res = await save(ana, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(res.json().message).toContain(message);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('lets only its owner delete it: 401, 403, 404', async () => {
    const { saved_search_id } = (await save(ana, { title: 'to delete' })).json<SavedSearch>();
    const before = await snapshot(ctx);
    expect((await as(ctx).get('/api/saved-searches')).statusCode).toBe(401);
    expect((await as(ctx).post('/api/saved-searches', {})).statusCode).toBe(401);
    expect((await as(ctx).delete(`/api/saved-searches/${saved_search_id}`)).statusCode).toBe(401);
    const foreign = await as(ctx, ben).delete(`/api/saved-searches/${saved_search_id}`);
    expect(foreign.statusCode).toBe(403);
    expect((await as(ctx, ben).delete('/api/saved-searches/abc')).statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
    const res = await as(ctx, ana).delete(`/api/saved-searches/${saved_search_id}`);
    expect(res.statusCode).toBe(200);
    expect((await listOf(ana)).map((s) => s.saved_search_id)).not.toContain(saved_search_id);
    expect((await as(ctx, ana).delete(`/api/saved-searches/${saved_search_id}`)).statusCode).toBe(
      404,
    );
  });

  it(`keeps at most ${LIMITS.savedSearches} searches per person (409 beyond)`, async () => {
    const keen = await signedInUser(ctx);
    for (let i = 0; i < LIMITS.savedSearches; i++) {
      expect((await save(keen, { title: `thing ${i}` })).statusCode).toBe(201);
    }
    const res = await save(keen, { title: 'one more' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`at most ${LIMITS.savedSearches} saved searches`);
    // One kept already is still answered.
    expect((await save(keen, { title: 'thing 0' })).statusCode).toBe(200);
  });
});

describe('a new listing and the saved searches it answers', () => {
  let people: Actor[];
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    // Only the searches below: those of the tests above are not what this one counts.
    await ctx.database.db.deleteFrom('saved_searches').execute();
    people = [];
    const searches: Record<string, object> = {
      lampWords: { title: 'LAMP desk' },
      lampFurniture: { title: 'lamp', category: 'Furniture' },
      lampBooks: { title: 'lamp', category: 'Books' },
      usedOnly: { title: 'lamp', condition: 'Used - Fair' },
      bigDiscount: { title: 'lamp', minDiscount: 50 },
      goodSellers: { title: 'lamp', minRating: 4 },
      shortWord: { title: 'de' },
      everything: {},
      sofa: { title: 'sofa' },
    };
    for (const [name, body] of Object.entries(searches)) {
      const person = await signedInUser(ctx);
      people.push(person);
      const res = await save(person, body);
      ids[name] = res.json<SavedSearch>().saved_search_id;
    }
    // The seller's own search never hears of their own listing.
    await save(seller, { title: 'lamp' });
  });

  const matching = async (listing: { listing_id: number }) => {
    const found = await searchesMatching(ctx.database.db, ctx.database.dialect, {
      listing_id: listing.listing_id,
      vendor_id: seller.user.user_id,
      category: 'Furniture',
    });
    const names = Object.entries(ids);
    return found.map((m) => names.find(([, id]) => id === m.saved_search_id)?.[0]).sort();
  };

  it('finds exactly the searches that would find the listing, by their own rules', async () => {
    const lamp = await listingOf(ctx, seller, {
      title: 'Desk lamp, warm light',
      category: 'Furniture',
      conditions: 'Used - Good',
      discount: 10,
    });
    expect(await matching(lamp)).toEqual(
      ['everything', 'lampFurniture', 'lampWords', 'shortWord'].sort(),
    );
  });

  it('tells each search at most once an hour', async () => {
    const now = new Date();
    expect(await claimNotice(ctx.database.db, ids.sofa!, now)).toBe(true);
    expect(await claimNotice(ctx.database.db, ids.sofa!, now)).toBe(false);
    const later = new Date(now.getTime() + 30 * 60 * 1000);
    expect(await claimNotice(ctx.database.db, ids.sofa!, later)).toBe(false);
    const hourLater = new Date(now.getTime() + 60 * 60 * 1000);
    expect(await claimNotice(ctx.database.db, ids.sofa!, hourLater)).toBe(true);

    // A search told within the hour is not even tried.
    await claimNotice(ctx.database.db, ids.everything!);
    const lamp = await listingOf(ctx, seller, { title: 'Desk lamp two', category: 'Furniture' });
    expect(await matching(lamp)).not.toContain('everything');
  });
});

describe('hearing of a new match (the notification centre)', () => {
  const post = async (actor: Actor, overrides: Parameters<typeof listingBody>[1]) => {
    const res = await as(ctx, actor).post('/api/listing', await listingBody(actor, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ listing_id: number }>();
  };

  it('tells only the owner of a search the new listing answers, naming its title, once an hour', async () => {
    const watcher = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const { saved_search_id } = (
      await save(watcher, { title: 'graphing calculator', category: 'Electronics' })
    ).json<SavedSearch>();
    await save(other, { title: 'kayak' });

    const first = await post(seller, {
      title: 'TI-84 graphing calculator',
      category: 'Electronics',
    });
    const told = (await centreOf(ctx, watcher)).items;
    expect(told.map((i) => [i.kind, i.title, i.body, i.url])).toEqual([
      [
        'saved_search_match',
        'New match: TI-84 graphing calculator',
        'A new listing matches your saved search: TI-84 graphing calculator',
        `/productListing/${first.listing_id}`,
      ],
    ]);
    expect(await kindsOf(ctx, other)).toEqual([]);
    expect(await kindsOf(ctx, seller)).not.toContain('saved_search_match');

    // Another match within the hour: not told again.
    await post(seller, { title: 'Casio graphing calculator', category: 'Electronics' });
    expect(await kindsOf(ctx, watcher)).toEqual(['saved_search_match']);

    // An hour after the last notice, the next match is told.
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000).toISOString();
    await ctx.database.db
      .updateTable('saved_searches')
      .set({ notified_at: hourAgo })
      .where('saved_search_id', '=', saved_search_id)
      .execute();
    await post(seller, { title: 'HP graphing calculator', category: 'Electronics' });
    const again = (await centreOf(ctx, watcher)).items.map((i) => i.title);
    expect(again).toEqual([
      'New match: HP graphing calculator',
      'New match: TI-84 graphing calculator',
    ]);
  });

  it('tells nobody of a listing no search finds', async () => {
    const watcher = await signedInUser(ctx);
    await save(watcher, { title: 'canoe', category: 'Other' });
    await post(seller, { title: 'Canoe paddle', category: 'Books' });
    expect(await kindsOf(ctx, watcher)).toEqual([]);
  });
});
