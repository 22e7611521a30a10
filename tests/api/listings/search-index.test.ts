import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import type { Listing, SearchPage } from '#shared/schemas/listings.js';
import { reviewed } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

// Title search goes through text indexes (FTS5 on SQLite, pg_trgm on PostgreSQL) and its
// answers are cached until the data changes; these tests hold both to the search box's promises.
let ctx: TestContext;
let seller: Actor;

const titles = (res: { json: () => Listing[] }) =>
  res
    .json()
    .map((l) => l.title)
    .sort();
const make = (title: string) =>
  createListing(ctx.database.db, {
    vendor_id: seller.user.user_id,
    title,
    category: 'Electronics',
  });

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signedInUser(ctx, { username: 'gadgets' });
  for (const title of [
    'Desk lamp',
    'Sony TV 40"',
    'TVs bundle',
    'HDTV antenna',
    'Café crème maker',
    'Lamp (NEAR mint) AND shade',
    '!Exclaim first',
    'Half & half',
    'Ends with?!',
  ]) {
    await make(title);
  }
});
afterAll(async () => ctx.close());

describe('title search through the text index', () => {
  it('needs every word, in any order and case', async () => {
    expect(titles(await as(ctx).get('/api/title?title=lamp%20DESK'))).toEqual(['Desk lamp']);
    expect(titles(await as(ctx).get('/api/title?title=amp'))).toEqual([
      'Desk lamp',
      'Lamp (NEAR mint) AND shade',
    ]);
  });

  it('matches one- and two-letter words at the start of a word of the title', async () => {
    expect(titles(await as(ctx).get('/api/title?title=tv'))).toEqual(['Sony TV 40"', 'TVs bundle']);
    expect(titles(await as(ctx).get('/api/title?title=tv%20son'))).toEqual(['Sony TV 40"']);
  });

  it('reads accented and quoted text as typed', async () => {
    expect(titles(await as(ctx).get('/api/title?title=CR%C3%88ME'))).toEqual(['Café crème maker']);
    expect(titles(await as(ctx).get('/api/title?title=40%22'))).toEqual(['Sony TV 40"']);
  });

  it('treats search syntax in the words as plain text', async () => {
    expect(titles(await as(ctx).get('/api/title?title=NEAR'))).toEqual([
      'Lamp (NEAR mint) AND shade',
    ]);
    expect(titles(await as(ctx).get('/api/title?title=(near%20mint)'))).toEqual([
      'Lamp (NEAR mint) AND shade',
    ]);
    expect(titles(await as(ctx).get('/api/title?title=lamp*'))).toEqual([]);
    expect(titles(await as(ctx).get('/api/title?title=%22lamp'))).toEqual([]);
  });

  it('finds words without letters or digits anywhere in the title', async () => {
    expect(titles(await as(ctx).get('/api/title?title=%22'))).toEqual(['Sony TV 40"']);
    expect(titles(await as(ctx).get('/api/title?title=('))).toEqual(['Lamp (NEAR mint) AND shade']);
    expect(titles(await as(ctx).get('/api/title?title=!'))).toEqual([
      '!Exclaim first',
      'Ends with?!',
    ]);
    expect(titles(await as(ctx).get('/api/title?title=%3F!'))).toEqual(['Ends with?!']);
    expect(titles(await as(ctx).get('/api/title?title=!%3F'))).toEqual([]);
    expect(titles(await as(ctx).get('/api/title?title=!%20%3F'))).toEqual(['Ends with?!']);
    expect(titles(await as(ctx).get('/api/title?title=%26%20('))).toEqual([]);
    expect(titles(await as(ctx).get('/api/title?title=half%20%26'))).toEqual(['Half & half']);
  });

  it('follows a title changed by any writer for punctuation too', async () => {
    await ctx.database.db
      .updateTable('products')
      .set({ title: 'Half + half' })
      .where('title', '=', 'Half & half')
      .execute();
    expect(titles(await as(ctx).get('/api/title?title=%26'))).toEqual([]);
    expect(titles(await as(ctx).get('/api/title?title=%2B'))).toEqual(['Half + half']);
  });

  it('answers any text a person can type with a list, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100, unit: 'binary' }), async (text) => {
        const res = await as(ctx).get(`/api/search?title=${encodeURIComponent(text)}&limit=5`);
        expect(res.statusCode, text).toBe(200);
        expect(Array.isArray(res.json<SearchPage>().items)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('cached search answers', () => {
  it('show a listing added by any writer at once, with its total', async () => {
    const before = await as(ctx).get('/api/search?title=kettle');
    expect(before.json<SearchPage>().total).toBe(0);
    await make('Electric kettle');
    const after = await as(ctx).get('/api/search?title=kettle');
    expect(after.json<SearchPage>().items.map((l) => l.title)).toEqual(['Electric kettle']);
    expect(after.json<SearchPage>().total).toBe(1);
  });

  it("follow a seller's new rating in results and in the rating filter", async () => {
    expect(titles(await as(ctx).get('/api/title?title=kettle&minRating=4'))).toEqual([]);
    const fan = await signedInUser(ctx);
    await reviewed(ctx, fan, seller, 5, 'Great');
    const res = await as(ctx).get('/api/title?title=kettle&minRating=4');
    expect(res.json<Listing[]>().map((l) => [l.title, l.rating])).toEqual([['Electric kettle', 5]]);
  });

  it('drop a listing the seller deletes', async () => {
    const [kettle] = (await as(ctx).get('/api/title?title=kettle')).json<Listing[]>();
    const deleted = await as(ctx, seller).delete(`/api/listing/${kettle!.listing_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(titles(await as(ctx).get('/api/title?title=kettle'))).toEqual([]);
  });
});
