import { describe, expect, it } from 'vitest';
import { insertInstruction } from '#server/features/deliveries/repository.js';
import { parties, requestDelivery } from '../data.js';
import { appForFile, as, countRows, snapshot } from '../harness.js';

const ctx = await appForFile();

const acceptUrl = (id: number) => `/api/delivery_instruction/request/accept/${id}`;
const accept = { pickup: 'SFSU Bookstore', vendor_special_request: 'Ask for Sam' };

async function pending() {
  const p = await parties(ctx);
  const request = await requestDelivery(ctx, p);
  return { ...p, request, url: acceptUrl(request.delivery_request_id) };
}

async function requestStatus(id: number) {
  const row = await ctx.database.db
    .selectFrom('delivery_requests')
    .select('status')
    .where('delivery_request_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('POST /api/delivery_instruction/request/accept/{id}', () => {
  it('creates an Unassigned delivery and approves the request', async () => {
    const s = await pending();
    const res = await as(ctx, s.vendor).post(s.url, accept);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      delivery_id: expect.any(Number),
      delivery_request_id: s.request.delivery_request_id,
      pickup: 'SFSU Bookstore',
      dropoff: 'Library',
      seller_special_request: 'Ask for Sam',
      vendor_special_request: 'Ask for Sam',
      buyer_special_request: 'Text me',
      buyer_id: s.buyer.user.user_id,
      vendor_id: s.vendor.user.user_id,
      courier_id: null,
      product_id: expect.any(Number),
      listing_id: s.listing_id,
      quantity: 1,
      delivery_status: 'Unassigned',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      title: expect.any(String),
      thumbnail: null,
      price: 20,
      // Asked for without a handover code (as the original client asks).
      handover_required: 0,
      handover_locked_until: null,
      proof_photo: null,
      return_reason: null,
      return_note: '',
      cancel_reason: '',
      delivery_rating: null,
    });
    expect(await requestStatus(s.request.delivery_request_id)).toBe('Approved');
  });

  it('takes the vendor special request as optional', async () => {
    const s = await pending();
    const res = await as(ctx, s.vendor).post(s.url, { pickup: 'Quickly' });
    expect(res.statusCode).toBe(201);
    expect(res.json().seller_special_request).toBe('');
  });

  it('lets only the vendor accept', async () => {
    const s = await pending();
    const before = await snapshot(ctx);
    expect((await as(ctx).post(s.url, accept)).statusCode).toBe(401);
    expect((await as(ctx, s.buyer).post(s.url, accept)).statusCode).toBe(403);
    expect((await as(ctx, s.stranger).post(s.url, accept)).statusCode).toBe(403);
    expect((await as(ctx, s.vendor).post(acceptUrl(999999), accept)).statusCode).toBe(404);
    expect((await as(ctx, s.vendor).post(acceptUrl(0), accept)).statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it.each([
    ['a missing pickup', { pickup: undefined }],
    ['the map-only Station Cafe', { pickup: 'Station Cafe' }],
    ['an unknown pickup', { pickup: 'Narnia' }],
    ['a pickup in the wrong case', { pickup: 'library' }],
    ['a special request over 1000 characters', { vendor_special_request: 'x'.repeat(1001) }],
    ['an extra field', { courier_id: 3 }],
  ])('refuses %s with 400, leaving the request Pending', async (_label, overrides) => {
    const s = await pending();
    const rows = await countRows(ctx);
    const res = await as(ctx, s.vendor).post(s.url, { ...accept, ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    expect(await countRows(ctx)).toEqual(rows);
    expect(await requestStatus(s.request.delivery_request_id)).toBe('Pending');
  });

  it('answers a second accept with 409 and makes no second delivery', async () => {
    const s = await pending();
    expect((await as(ctx, s.vendor).post(s.url, accept)).statusCode).toBe(201);
    const rows = await countRows(ctx);
    const again = await as(ctx, s.vendor).post(s.url, accept);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already accepted/);
    expect(await countRows(ctx)).toEqual(rows);
  });

  it('answers an accept of a declined request with 409', async () => {
    const s = await pending();
    await as(ctx, s.vendor).put(`/api/delivery_request/${s.request.delivery_request_id}`, {
      status: 'Denied',
    });
    const rows = await countRows(ctx);
    const res = await as(ctx, s.vendor).post(s.url, accept);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/declined/);
    expect(await countRows(ctx)).toEqual(rows);
    expect(await requestStatus(s.request.delivery_request_id)).toBe('Denied');
  });

  it('makes exactly one delivery when two accepts arrive at once', async () => {
    const s = await pending();
    const both = await Promise.all([
      as(ctx, s.vendor).post(s.url, accept),
      as(ctx, s.vendor).post(s.url, { pickup: 'Quickly' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const deliveries = await as(ctx, s.vendor).get('/api/delivery_instruction');
    expect(
      deliveries
        .json()
        .filter(
          (d: { delivery_request_id: number }) =>
            d.delivery_request_id === s.request.delivery_request_id,
        ),
    ).toHaveLength(1);
  });

  it('keeps the request Pending when creating the delivery fails (one transaction)', async () => {
    const s = await pending();
    // Occupy the request's one delivery slot behind the API's back, so the insert that follows
    // the status change inside accept fails on the unique key.
    const listing = await ctx.database.db
      .selectFrom('listings')
      .select('product_id')
      .where('listing_id', '=', s.listing_id)
      .executeTakeFirstOrThrow();
    const blocker = await insertInstruction(ctx.database.db, {
      delivery_request_id: s.request.delivery_request_id,
      pickup: 'Quickly',
      dropoff: 'Library',
      seller_special_request: '',
      buyer_special_request: '',
      buyer_id: s.buyer.user.user_id,
      vendor_id: s.vendor.user.user_id,
      product_id: listing.product_id,
      listing_id: s.listing_id,
    });
    const before = await snapshot(ctx);
    const failed = await as(ctx, s.vendor).post(s.url, accept);
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.statusCode).toBeLessThan(500);
    expect(await requestStatus(s.request.delivery_request_id)).toBe('Pending');
    expect(await snapshot(ctx)).toEqual(before);

    // With the slot free again, the same accept goes through.
    await ctx.database.db
      .deleteFrom('delivery_instructions')
      .where('delivery_id', '=', blocker)
      .execute();
    const res = await as(ctx, s.vendor).post(s.url, accept);
    expect(res.statusCode, res.body).toBe(201);
    expect(await requestStatus(s.request.delivery_request_id)).toBe('Approved');
  });

  it('refuses to accept a request whose listing was deleted', async () => {
    const s = await pending();
    await ctx.database.db
      .updateTable('listings')
      .set({ listing_status: 'Deleted' })
      .where('listing_id', '=', s.listing_id)
      .execute();
    const rows = await countRows(ctx);
    expect((await as(ctx, s.vendor).post(s.url, accept)).statusCode).toBe(409);
    expect(await countRows(ctx)).toEqual(rows);
  });
});
