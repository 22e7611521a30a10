import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeaturedPool } from '#server/features/listings/featured-pool.js';
import type { Listing } from '#shared/schemas/listings.js';
import { listingOf } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

// Featured listings come from a pool of random active listings (featured-pool.ts); these tests
// hold the pool to the spec's promise: up to 8 random active listings, never a stale one.
let ctx: TestContext;
let seller: Actor;
const ids = (res: { json: () => Listing[] }) => res.json().map((l) => l.listing_id);

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signedInUser(ctx);
});
afterAll(async () => ctx.close());

describe('GET /api/listing/featured on a changing catalogue', () => {
  it('shows only the few active listings among many sold ones, and all of them', async () => {
    const made: number[] = [];
    for (let i = 0; i < 300; i++) {
      made.push((await listingOf(ctx, seller, { title: `Old item ${i}` })).listing_id);
    }
    // More ids than the pool samples, so both sampling and the read-on fallback run.
    const keep = [made[3]!, made[170]!, made[298]!];
    await ctx.database.db
      .updateTable('listings')
      .set({ listing_status: 'Sold', availability: 'Out of Stock' })
      .where('listing_id', 'not in', keep)
      .execute();
    const res = await as(ctx).get('/api/listing/featured');
    expect(res.statusCode).toBe(200);
    expect(ids(res).sort((a, b) => a - b)).toEqual(keep);
  });

  it('drops a listing the seller sells or deletes at once', async () => {
    const featured = ids(await as(ctx).get('/api/listing/featured'));
    const [sold, deleted] = featured;
    const put = await as(ctx, seller).put(`/api/listing/${sold}`, { listing_status: 'Sold' });
    expect(put.statusCode).toBe(200);
    expect((await as(ctx, seller).delete(`/api/listing/${deleted}`)).statusCode).toBe(200);
    const after = ids(await as(ctx).get('/api/listing/featured'));
    expect(after).toHaveLength(featured.length - 2);
    expect(after).not.toContain(sold);
    expect(after).not.toContain(deleted);
  });

  it('shows a new listing at once when there is room, and every listing in time', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Brand new thing' });
    expect(ids(await as(ctx).get('/api/listing/featured'))).toContain(listing_id);
    for (let i = 0; i < 20; i++) await listingOf(ctx, seller, { title: `Fresh item ${i}` });
    const active = await ctx.database.db
      .selectFrom('listings')
      .select('listing_id')
      .where('listing_status', '=', 'Active')
      .execute();
    const seen = new Set<number>();
    for (let i = 0; i < 60 && seen.size < active.length; i++) {
      const res = await as(ctx).get('/api/listing/featured');
      expect(res.json()).toHaveLength(8);
      expect(new Set(ids(res)).size).toBe(8);
      for (const id of ids(res)) seen.add(id);
    }
    expect([...seen].sort()).toEqual(active.map((l) => l.listing_id).sort());
  });
});

describe('the featured pool', () => {
  const items = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `"${tag}${i}"`);

  it('draws distinct items, at most as many as asked and as it holds', async () => {
    const pool = createFeaturedPool({ readEpoch: async () => 1, load: async () => items(5, 'a') });
    const eight: string[] = JSON.parse(await pool.take(8));
    expect(eight.sort()).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    const three: string[] = JSON.parse(await pool.take(3));
    expect(new Set(three).size).toBe(3);
  });

  it('draws the pool again when the epoch moves or it is old, once for concurrent takes', async () => {
    let epoch = 1;
    let clock = 0;
    let loads = 0;
    const pool = createFeaturedPool({
      readEpoch: async () => epoch,
      load: async (size) => items(size, `v${++loads}-`),
      size: 4,
      maxAgeMs: 1_000,
      now: () => clock,
    });
    await Promise.all([pool.take(2), pool.take(2), pool.take(2)]);
    expect(loads).toBe(1);
    clock = 999;
    expect(await pool.take(1)).toMatch(/v1-/);
    epoch = 2;
    expect(await pool.take(1)).toMatch(/v2-/);
    clock = 2_000;
    expect(await pool.take(1)).toMatch(/v3-/);
    expect(loads).toBe(3);
  });
});
