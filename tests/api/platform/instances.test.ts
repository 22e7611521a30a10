/**
 * Two instances on one PostgreSQL database behave as one service: neither holds truth of its
 * own. A picture stored through one is served by the other; a listing created, sold or deleted
 * through one shows in the other's search and featured answers within a second, however warm
 * its caches; a guessing limit counts attempts made through both. PostgreSQL only: SQLite is
 * one instance by design.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '#shared/schemas/listings.js';
import { listingBody, solidPng } from '../data.js';
import { as, signedInUser, twoInstances, type Actor, type TestContext } from '../harness.js';

/** How long a change made through one instance may take to show through the other. */
const WITHIN_MS = 1000;

/** Polls `read` until `ok` holds; returns how long it took, or fails after WITHIN_MS. */
async function within<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<number> {
  const started = Date.now();
  let last: T;
  do {
    last = await read();
    if (ok(last)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (Date.now() - started < WITHIN_MS);
  throw new Error(`not within ${WITHIN_MS} ms; last answer: ${JSON.stringify(last)}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one database', () => {
  let a: TestContext;
  let b: TestContext;
  let close: (() => Promise<void>) | undefined;
  let seller: Actor;

  beforeAll(async () => {
    ({ a, b, close } = await twoInstances());
    seller = await signedInUser(a, { username: 'twin_seller' });
  });
  afterAll(() => close?.());

  const ids = (listings: Listing[]) => listings.map((l) => l.listing_id);
  const search = async (ctx: TestContext, url: string) =>
    (await as(ctx).get(url)).json<Listing[]>();

  it('serves through B, with the same bytes and validator, a picture stored through A', async () => {
    const created = await as(a, seller).post(
      '/api/listing',
      await listingBody(seller, { thumbnail: (await solidPng(700, 500)).toString('base64') }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const url: string = created.json().thumbnail;
    for (const address of [url, url.replace('.webp', '-sm.webp')]) {
      const fromA = await as(a).get(address);
      const fromB = await as(b).get(address);
      expect(fromB.statusCode, address).toBe(200);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      expect(fromB.headers.etag).toBe(fromA.headers.etag);
      const revalidated = await as(b).raw({
        method: 'GET',
        url: address,
        headers: { 'if-none-match': String(fromA.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
  });

  it('finds through B, within a second, a listing created through A while B had the search cached', async () => {
    const urls = ['/api/title?title=zephyr', '/api/all', '/api/search?title=zephyr'];
    // B answers (and caches) before the listing exists.
    expect(await search(b, urls[0]!)).toEqual([]);
    const before = ids(await search(b, urls[1]!));
    await as(b).get(urls[2]!);
    const created = await as(a, seller).post(
      '/api/listing',
      await listingBody(seller, { title: 'Zephyr desk fan' }),
    );
    const id: number = created.json().listing_id;
    await within(
      () => search(b, urls[0]!),
      (found) => ids(found).includes(id),
    );
    await within(
      () => search(b, urls[1]!),
      (all) => ids(all).includes(id) && ids(all).length === before.length + 1,
    );
    await within(
      async () => (await as(b).get(urls[2]!)).json<{ items: Listing[] }>().items,
      (items) => ids(items).includes(id),
    );

    // Sold through A: gone from B's search as fast.
    expect(
      (await as(a, seller).put(`/api/listing/${id}`, { listing_status: 'Sold' })).statusCode,
    ).toBe(200);
    await within(
      () => search(b, urls[0]!),
      (found) => !ids(found).includes(id),
    );
  });

  it("shows in B's featured listings, within a second, a listing created through A, and drops one deleted through A", async () => {
    // Fewer active listings than featured places: every one of them is featured.
    const featured = async () => ids(await search(b, '/api/listing/featured'));
    const shown = await featured();
    expect(shown.length).toBeLessThan(8);
    const created = await as(a, seller).post(
      '/api/listing',
      await listingBody(seller, { title: 'Featured twin' }),
    );
    const id: number = created.json().listing_id;
    await within(featured, (now) => now.includes(id));
    expect((await as(a, seller).delete(`/api/listing/${id}`)).statusCode).toBe(200);
    await within(featured, (now) => !now.includes(id));
  });

  it('counts wrong passwords sent through both instances against one limit', async () => {
    const owner = await signedInUser(a, { username: 'twin_owner' });
    const wrong = { email: `twin_owner@sfsu.edu`, password: 'not-the-password' };
    expect(owner.user.username).toBe('twin_owner');
    // Five failures in all, alternating instances: the limit per account is five.
    for (let i = 0; i < 5; i++) {
      const res = await as(i % 2 === 0 ? a : b).post('/api/login', wrong);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const ctx of [a, b]) {
      const res = await as(ctx).post('/api/login', wrong);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});
