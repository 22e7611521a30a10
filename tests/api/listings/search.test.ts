import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '#shared/schemas/listings.js';
import { listingOf, reviewed } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

let ctx: TestContext;
let topSeller: Actor;
let newSeller: Actor;
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  topSeller = await signedInUser(ctx, { username: 'topseller' });
  newSeller = await signedInUser(ctx, { username: 'newseller' });
  const fan = await signedInUser(ctx);
  await reviewed(ctx, fan, topSeller, 5, 'Great');
  const make = (seller: Actor, title: string, o: Parameters<typeof listingOf>[2]) =>
    listingOf(ctx, seller, { title, ...o });
  await make(topSeller, 'Calculus textbook', {
    category: 'Books',
    price: 40,
    listing_date: ago(2 * DAY),
  });
  await make(topSeller, 'Desk lamp', { category: 'Furniture', price: 15, listing_date: ago(1000) });
  await make(newSeller, 'LAMP shade', {
    category: 'Furniture',
    price: 8,
    listing_date: ago(10 * DAY),
    discount: 0.3,
  });
  await make(newSeller, 'Graph paper 50% off', {
    category: 'Stationary',
    price: 3,
    listing_date: ago(40 * DAY),
    discount: 50,
    conditions: 'Used - Fair',
  });
  await make(newSeller, 'Sold lamp', { category: 'Furniture', price: 1, listing_status: 'Sold' });
  await make(newSeller, 'Deleted lamp', {
    category: 'Furniture',
    price: 1,
    listing_status: 'Deleted',
  });
});
afterAll(async () => ctx.close());

const titles = (res: { json: () => Listing[] }) => res.json().map((l) => l.title);

describe('the four search calls of the spec', () => {
  it('GET /api/all lists the active listings, newest first, with the listing shape', async () => {
    const res = await as(ctx).get('/api/all');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      'Desk lamp',
      'Calculus textbook',
      'LAMP shade',
      'Graph paper 50% off',
    ]);
    expect(res.json()[0]).toMatchObject({
      title: 'Desk lamp',
      price: 15,
      category: 'Furniture',
      rating: 5,
      username: 'topseller',
      listing_status: 'Active',
    });
  });

  it('GET /api/category filters by category and refuses unknown or missing ones', async () => {
    const res = await as(ctx).get('/api/category?category=Furniture');
    expect(titles(res)).toEqual(['Desk lamp', 'LAMP shade']);
    expect(titles(await as(ctx).get('/api/category?category=Stationary'))).toEqual([
      'Graph paper 50% off',
    ]);
    expect(
      await as(ctx)
        .get('/api/category?category=Electronics')
        .then((r) => r.json()),
    ).toEqual([]);
    for (const bad of [
      '?category=Toys',
      '?category=furnitures',
      '',
      '?category=Food&category=Books',
    ]) {
      const refused = await as(ctx).get(`/api/category${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
  });

  it('GET /api/title matches any part of the title, ignoring case; empty means all', async () => {
    expect(titles(await as(ctx).get('/api/title?title=lamp'))).toEqual(['Desk lamp', 'LAMP shade']);
    expect(titles(await as(ctx).get('/api/title?title=%20%20Lamp%20'))).toHaveLength(2);
    expect(titles(await as(ctx).get('/api/title?title='))).toHaveLength(4);
    expect(titles(await as(ctx).get('/api/title?title=nothing-like-this'))).toEqual([]);
  });

  it('treats % and _ in the search word as plain characters', async () => {
    expect(titles(await as(ctx).get('/api/title?title=50%25'))).toEqual(['Graph paper 50% off']);
    expect(titles(await as(ctx).get('/api/title?title=%25'))).toEqual(['Graph paper 50% off']);
    expect(titles(await as(ctx).get('/api/title?title=_'))).toEqual([]);
    const tooLong = await as(ctx).get(`/api/title?title=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('GET /api/combined needs both and applies both', async () => {
    expect(titles(await as(ctx).get('/api/combined?category=Furniture&title=desk'))).toEqual([
      'Desk lamp',
    ]);
    expect(titles(await as(ctx).get('/api/combined?category=Books&title=lamp'))).toEqual([]);
    expect((await as(ctx).get('/api/combined?title=lamp')).statusCode).toBe(400);
  });
});

describe('filters (condition, priceSort, datePosted, minDiscount, minRating)', () => {
  it('sorts by price both ways', async () => {
    const up = await as(ctx).get('/api/all?priceSort=low-to-high');
    expect(up.json().map((l: Listing) => l.price)).toEqual([3, 8, 15, 40]);
    const down = await as(ctx).get('/api/all?priceSort=high-to-low');
    expect(down.json().map((l: Listing) => l.price)).toEqual([40, 15, 8, 3]);
  });

  it('filters by condition, date posted, discount and seller rating', async () => {
    expect(titles(await as(ctx).get('/api/all?condition=Used%20-%20Fair'))).toEqual([
      'Graph paper 50% off',
    ]);
    expect(titles(await as(ctx).get('/api/all?datePosted=24h'))).toEqual(['Desk lamp']);
    expect(titles(await as(ctx).get('/api/all?datePosted=7d'))).toHaveLength(2);
    expect(titles(await as(ctx).get('/api/all?datePosted=30d'))).toHaveLength(3);
    // 0.3 is a fraction (30 %), 50 is a percent (the discount rule).
    expect(titles(await as(ctx).get('/api/all?minDiscount=25'))).toEqual([
      'LAMP shade',
      'Graph paper 50% off',
    ]);
    expect(titles(await as(ctx).get('/api/all?minDiscount=50'))).toEqual(['Graph paper 50% off']);
    // A seller without reviews counts as rating 1.
    expect(titles(await as(ctx).get('/api/all?minRating=4'))).toEqual([
      'Desk lamp',
      'Calculus textbook',
    ]);
    expect(titles(await as(ctx).get('/api/all?minRating=1'))).toHaveLength(4);
    expect(
      titles(
        await as(ctx).get('/api/category?category=Furniture&minRating=4&priceSort=low-to-high'),
      ),
    ).toEqual(['Desk lamp']);
  });

  it.each([
    'condition=Mint',
    'priceSort=cheapest',
    'datePosted=1y',
    'minDiscount=15',
    'minRating=5',
    'minRating=abc',
    'limit=0',
    'limit=201',
    'offset=-1',
    'sort=price',
  ])('refuses the query %s with 400', async (query) => {
    const res = await as(ctx).get(`/api/all?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('GET /api/search (paging)', () => {
  it('answers a page with the total and combines every input', async () => {
    const res = await as(ctx).get('/api/search?title=lamp&category=Furniture&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [expect.objectContaining({ title: 'Desk lamp' })],
      total: 2,
      limit: 1,
      offset: 0,
    });
    const next = await as(ctx).get('/api/search?title=lamp&category=Furniture&limit=1&offset=1');
    expect(next.json().items.map((l: Listing) => l.title)).toEqual(['LAMP shade']);
    const none = await as(ctx).get('/api/search');
    expect(none.json()).toMatchObject({ total: 4, limit: 200, offset: 0 });
  });

  it('caps the spec list calls at 200 and pages the rest through /api/search', async () => {
    const bulk = await signedInUser(ctx);
    for (let i = 0; i < 201; i++) {
      await listingOf(ctx, bulk, { title: `Bulk item ${i}`, category: 'Food' });
    }
    const all = await as(ctx).get('/api/category?category=Food');
    expect(all.json()).toHaveLength(200);
    const first = await as(ctx).get('/api/search?category=Food&limit=150');
    const second = await as(ctx).get('/api/search?category=Food&limit=150&offset=150');
    expect(first.json().total).toBe(201);
    const seen = new Set(
      [...first.json().items, ...second.json().items].map((l: Listing) => l.listing_id),
    );
    expect(seen.size).toBe(201);
  });
});

describe('GET /api/search (words of letters and digits)', () => {
  it('finds a title by a code mixing letters and digits, and answers any such word', async () => {
    // A lone letter between digits (the "y" of mwypha4y2tfe) once made an empty prefix: 500.
    await listingOf(ctx, newSeller, { title: 'Desk lamp mwypha4y2tfe', category: 'Furniture' });
    for (const query of ['Desk lamp mwypha4y2tfe', 'mwypha4y2tfe', 'a1b2c3', 'x 9 y']) {
      const res = await as(ctx).get(`/api/search?title=${encodeURIComponent(query)}&limit=24`);
      expect(res.statusCode, query).toBe(200);
    }
    const found = await as(ctx).get('/api/search?title=mwypha4y2tfe');
    expect(found.json().items.map((l: Listing) => l.title)).toEqual(['Desk lamp mwypha4y2tfe']);

    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z0-9 ]{1,16}$/), async (query) => {
        const res = await as(ctx).get(`/api/search?title=${encodeURIComponent(query)}`);
        expect(res.statusCode, query).toBe(200);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/listing/featured', () => {
  it('gives up to 8 distinct active listings, and fewer on request', async () => {
    const res = await as(ctx).get('/api/listing/featured');
    expect(res.statusCode).toBe(200);
    const items: Listing[] = res.json();
    expect(items).toHaveLength(8);
    expect(new Set(items.map((l) => l.listing_id)).size).toBe(8);
    expect(items.every((l) => l.listing_status === 'Active')).toBe(true);
    expect((await as(ctx).get('/api/listing/featured?limit=3')).json()).toHaveLength(3);
    expect((await as(ctx).get('/api/listing/featured?limit=0')).statusCode).toBe(400);
    expect((await as(ctx).get('/api/listing/featured?limit=x')).statusCode).toBe(400);
  });
});
