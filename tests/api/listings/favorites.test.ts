import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants.js';
import type { Favorite } from '#shared/schemas/listings-favorites.js';
import { listingOf } from '../data.js';
import { appForFile, as, ownRead, signedInUser, snapshot, type Actor } from '../harness.js';
import { centreOf, kindsOf } from '../notify-support.js';

const ctx = await appForFile();
const seller = await signedInUser(ctx, { username: 'fav_seller' });
const buyer = await signedInUser(ctx, { username: 'fav_buyer' });
const other = await signedInUser(ctx, { username: 'fav_other' });

const favorites = (actor: Actor) => ownRead<Favorite[]>(ctx, actor, '/api/favorites');

describe('favourites', () => {
  it('keeps a listing among the buyer’s favourites, latest first, each a listing', async () => {
    const lamp = await listingOf(ctx, seller, { title: 'Fav lamp', price: 12 });
    const desk = await listingOf(ctx, seller, { title: 'Fav desk' });
    for (const { listing_id } of [lamp, desk]) {
      const res = await as(ctx, buyer).put(`/api/favorites/${listing_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listing_id, favorite: true });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const kept = await favorites(buyer);
    expect(kept.map((f) => f.listing_id)).toEqual([desk.listing_id, lamp.listing_id]);
    expect(kept[1]).toMatchObject({
      listing_id: lamp.listing_id,
      title: 'Fav lamp',
      price: 12,
      username: 'fav_seller',
      favorited_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Nobody else sees them.
    expect(await favorites(other)).toEqual([]);
  });

  it('answers a repeat PUT or DELETE with the same 200 (double taps, replays)', async () => {
    const { listing_id } = await listingOf(ctx, seller);
    await as(ctx, other).put(`/api/favorites/${listing_id}`);
    const again = await as(ctx, other).put(`/api/favorites/${listing_id}`);
    expect(again.statusCode).toBe(200);
    expect((await favorites(other)).filter((f) => f.listing_id === listing_id)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await as(ctx, other).delete(`/api/favorites/${listing_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listing_id, favorite: false });
    }
    expect((await favorites(other)).map((f) => f.listing_id)).not.toContain(listing_id);
  });

  it('keeps a sold favourite in the list and leaves deleted ones out', async () => {
    const viewer = await signedInUser(ctx);
    const sold = await listingOf(ctx, seller);
    const gone = await listingOf(ctx, seller);
    await as(ctx, viewer).put(`/api/favorites/${sold.listing_id}`);
    await as(ctx, viewer).put(`/api/favorites/${gone.listing_id}`);
    await as(ctx, seller).put(`/api/listing/${sold.listing_id}`, { listing_status: 'Sold' });
    await as(ctx, seller).delete(`/api/listing/${gone.listing_id}`);
    const kept = await favorites(viewer);
    expect(kept.map((f) => [f.listing_id, f.listing_status])).toEqual([[sold.listing_id, 'Sold']]);
    // Its favourite can still be removed.
    expect((await as(ctx, viewer).delete(`/api/favorites/${gone.listing_id}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses visitors (401), unknown listings (404) and the seller’s own listing (400)', async () => {
    const { listing_id } = await listingOf(ctx, seller);
    const before = await snapshot(ctx);
    expect((await as(ctx).get('/api/favorites')).statusCode).toBe(401);
    expect((await as(ctx).put(`/api/favorites/${listing_id}`)).statusCode).toBe(401);
    expect((await as(ctx).delete(`/api/favorites/${listing_id}`)).statusCode).toBe(401);
    expect((await as(ctx, buyer).put('/api/favorites/999999')).statusCode).toBe(404);
    const own = await as(ctx, seller).put(`/api/favorites/${listing_id}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot add your own listing to your favourites.');
    for (const bad of ['abc', '0', '1.5', '-3']) {
      const res = await as(ctx, buyer).put(`/api/favorites/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect((await as(ctx, buyer).delete(`/api/favorites/${bad}`)).statusCode).toBe(400);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it(`keeps at most ${LIMITS.favorites} favourites (409 beyond)`, async () => {
    const collector = await signedInUser(ctx);
    const rows = [];
    for (let i = 0; i < LIMITS.favorites; i++) {
      rows.push((await listingOf(ctx, seller, { title: `Bulk ${i}` })).listing_id);
    }
    await ctx.database.db
      .insertInto('favorites')
      .values(
        rows.map((listing_id) => ({
          user_id: collector.user.user_id,
          listing_id,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const one = await listingOf(ctx, seller);
    const res = await as(ctx, collector).put(`/api/favorites/${one.listing_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`at most ${LIMITS.favorites} favourites`);
    // One already kept is still a harmless 200.
    expect((await as(ctx, collector).put(`/api/favorites/${rows[0]}`)).statusCode).toBe(200);
    expect(await favorites(collector)).toHaveLength(LIMITS.favorites);
  });
});

describe('what a favourite’s owner hears (the notification centre)', () => {
  const fav = (actor: Actor, listingId: number) =>
    as(ctx, actor).put(`/api/favorites/${listingId}`);

  it('tells those who keep it of a lower price, naming it, and nobody else', async () => {
    const keeper = await signedInUser(ctx);
    const bystander = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Reading lamp', price: 40 });
    expect((await fav(keeper, listing_id)).statusCode).toBe(200);
    const res = await as(ctx, seller).patch(`/api/listing/${listing_id}`, { price: 25 });
    expect(res.statusCode, res.body).toBe(200);
    const told = (await centreOf(ctx, keeper)).items;
    expect(told.map((i) => [i.kind, i.title, i.body, i.url])).toEqual([
      [
        'favorite_price_drop',
        'Price drop: Reading lamp',
        'Now $25.00, was $40.00.',
        `/productListing/${listing_id}`,
      ],
    ]);
    expect((await centreOf(ctx, bystander)).items).toEqual([]);
    expect(await kindsOf(ctx, seller)).not.toContain('favorite_price_drop');
    // A higher price, or words only, tell nobody.
    await as(ctx, seller).patch(`/api/listing/${listing_id}`, { price: 30, title: 'Desk lamp' });
    expect(await kindsOf(ctx, keeper)).toEqual(['favorite_price_drop']);
  });

  it('tells those who keep it once it is sold, not again when it is marked sold twice', async () => {
    const keeper = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Mini fridge' });
    await fav(keeper, listing_id);
    for (let i = 0; i < 2; i++) {
      const res = await as(ctx, seller).put(`/api/listing/${listing_id}`, {
        listing_status: 'Sold',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const told = (await centreOf(ctx, keeper)).items;
    expect(told.map((i) => [i.kind, i.title])).toEqual([['favorite_sold', 'Sold: Mini fridge']]);
  });
});
