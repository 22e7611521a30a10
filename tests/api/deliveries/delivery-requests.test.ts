import { describe, expect, it } from 'vitest';
import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import { acceptRequest, listingOf, parties, requestDelivery, type Parties } from '../data.js';
import { appForFile, as, countRows, expectRefusedCounting, snapshot } from '../harness.js';

const ctx = await appForFile();

const body = (p: Parties, overrides: Record<string, unknown> = {}) => ({
  buyer_id: p.buyer.user.user_id,
  vendor_id: p.vendor.user.user_id,
  status: 'Pending',
  dropoff: 'Hensill Hall',
  buyer_special_request: 'Please call',
  listing_id: p.listing_id,
  ...overrides,
});

describe('POST /api/delivery_request', () => {
  it('creates a Pending request with the listing and buyer details', async () => {
    const p = await parties(ctx);
    const res = await as(ctx, p.buyer).post(
      '/api/delivery_request',
      body(p, { delivery_status: 'Unassigned' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      delivery_request_id: expect.any(Number),
      buyer_id: p.buyer.user.user_id,
      vendor_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      status: 'Pending',
      dropoff: 'Hensill Hall',
      buyer_special_request: 'Please call',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // No code unless asked for: the original client never asks.
      require_handover_code: 0,
      cancel_reason: '',
      decline_reason: null,
      title: expect.any(String),
      thumbnail: null,
      price: 20,
      username: p.buyer.user.username,
    });
  });

  it('refuses visitors, forged buyers and the seller’s own item, storing nothing', async () => {
    const p = await parties(ctx);
    const rows = await countRows(ctx);
    expect((await as(ctx).post('/api/delivery_request', body(p))).statusCode).toBe(401);
    expect((await as(ctx, p.stranger).post('/api/delivery_request', body(p))).statusCode).toBe(403);
    const own = body(p, { buyer_id: p.vendor.user.user_id });
    expect((await as(ctx, p.vendor).post('/api/delivery_request', own)).statusCode).toBe(403);
    expect(await countRows(ctx)).toEqual(rows);
  });

  it.each([
    ['a status other than Pending', { status: 'Approved' }, 400],
    ['a pickup-only place as dropoff', { dropoff: 'Cafe 101' }, 400],
    ['the map-only Station Cafe', { dropoff: 'Station Cafe' }, 400],
    ['an unknown dropoff', { dropoff: 'Mars' }, 400],
    ['a missing dropoff', { dropoff: undefined }, 400],
    ['a listing id sent as a string', { listing_id: '1' }, 400],
    ['an extra field', { courier_id: 1 }, 400],
    ['a delivery status other than Unassigned', { delivery_status: 'Delivered' }, 400],
    ['a special request over 1000 characters', { buyer_special_request: 'x'.repeat(1001) }, 400],
    ['the wrong vendor', (p: Parties) => ({ vendor_id: p.stranger.user.user_id }), 400],
    ['an unknown listing', { listing_id: 999999 }, 404],
  ])('refuses %s', async (_label, overrides, status) => {
    const p = await parties(ctx);
    const sent = body(p, typeof overrides === 'function' ? overrides(p) : overrides);
    await expectRefusedCounting(
      ctx,
      () => as(ctx, p.buyer).post('/api/delivery_request', sent),
      status,
    );
  });

  it('refuses sold (409) and deleted (404) listings', async () => {
    const p = await parties(ctx);
    const sold = await listingOf(ctx, p.vendor, { listing_status: 'Sold' });
    const gone = await listingOf(ctx, p.vendor, { listing_status: 'Deleted' });
    const soldRes = await as(ctx, p.buyer).post(
      '/api/delivery_request',
      body(p, { listing_id: sold.listing_id }),
    );
    expect(soldRes.statusCode).toBe(409);
    const goneRes = await as(ctx, p.buyer).post(
      '/api/delivery_request',
      body(p, { listing_id: gone.listing_id }),
    );
    expect(goneRes.statusCode).toBe(404);
  });

  it('takes one request per buyer and listing, even when sent twice at once', async () => {
    const p = await parties(ctx);
    // Four at once (a double tap on two tabs): one is taken, whichever check the others reach.
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => as(ctx, p.buyer).post('/api/delivery_request', body(p))),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of all.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('Request Already Sent');
    }
    const again = await as(ctx, p.buyer).post('/api/delivery_request', body(p));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Request Already Sent');
  });
});

describe('a request racing the seller marking the item sold', () => {
  it('is either taken before the sale or refused as no longer available, never half done', async () => {
    const p = await parties(ctx);
    for (let i = 0; i < 6; i++) {
      const listing = await listingOf(ctx, p.vendor);
      const [sold, asked] = await Promise.all([
        as(ctx, p.vendor).put(`/api/listing/${listing.listing_id}`, { listing_status: 'Sold' }),
        as(ctx, p.buyer).post('/api/delivery_request', body(p, { listing_id: listing.listing_id })),
      ]);
      expect(sold.statusCode, sold.body).toBe(200);
      const stored = (
        await as(ctx, p.buyer).get(
          `/api/delivery_request/listing-buyer?userId=${p.buyer.user.user_id}&listingId=${listing.listing_id}`,
        )
      ).json() as DeliveryRequest[];
      if (asked.statusCode === 201) {
        expect(stored).toEqual([expect.objectContaining({ status: 'Pending' })]);
      } else {
        expect(asked.statusCode, asked.body).toBe(409);
        expect(asked.json().message).toBe('This item is no longer available.');
        expect(stored).toEqual([]);
      }
    }
  });
});

describe('reading delivery requests', () => {
  it('GET /api/delivery_request gives the caller’s own requests, as buyer or vendor', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const mine = (r: { json: () => DeliveryRequest[] }) =>
      r.json().map((x) => x.delivery_request_id);
    expect(mine(await as(ctx, p.buyer).get('/api/delivery_request'))).toEqual([
      request.delivery_request_id,
    ]);
    expect(mine(await as(ctx, p.vendor).get('/api/delivery_request'))).toEqual([
      request.delivery_request_id,
    ]);
    expect(mine(await as(ctx, p.stranger).get('/api/delivery_request'))).toEqual([]);
    expect((await as(ctx).get('/api/delivery_request')).statusCode).toBe(401);
  });

  it('GET /api/delivery_request/vendor/{id} lists the vendor’s pending requests to the vendor', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const url = `/api/delivery_request/vendor/${p.vendor.user.user_id}`;
    const res = await as(ctx, p.vendor).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        delivery_request_id: request.delivery_request_id,
        title: expect.any(String),
        price: 20,
        username: p.buyer.user.username,
      }),
    ]);
    expect((await as(ctx, p.buyer).get(url)).statusCode).toBe(403);
    expect((await as(ctx).get(url)).statusCode).toBe(401);
    await acceptRequest(ctx, p, request.delivery_request_id);
    expect((await as(ctx, p.vendor).get(url)).json()).toEqual([]);
  });

  it('GET /api/delivery_request/listing-buyer tells the buyer whether they already asked', async () => {
    const p = await parties(ctx);
    const url = (userId: number) =>
      `/api/delivery_request/listing-buyer?userId=${userId}&listingId=${p.listing_id}`;
    expect((await as(ctx, p.buyer).get(url(p.buyer.user.user_id))).json()).toEqual([]);
    await requestDelivery(ctx, p);
    const after = await as(ctx, p.buyer).get(url(p.buyer.user.user_id));
    expect(after.json()).toHaveLength(1);
    expect((await as(ctx, p.stranger).get(url(p.buyer.user.user_id))).statusCode).toBe(403);
    expect((await as(ctx).get(url(p.buyer.user.user_id))).statusCode).toBe(401);
    const noListing = `/api/delivery_request/listing-buyer?userId=${p.buyer.user.user_id}`;
    expect((await as(ctx, p.buyer).get(noListing)).statusCode).toBe(400);
  });
});

describe('PUT /api/delivery_request/{id} (decline)', () => {
  it('lets the vendor decline; declining again is a harmless repeat', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const url = `/api/delivery_request/${request.delivery_request_id}`;
    const res = await as(ctx, p.vendor).put(url, { status: 'Denied' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      delivery_request_id: request.delivery_request_id,
      status: 'Denied',
    });
    expect((await as(ctx, p.vendor).put(url, { status: 'Denied' })).statusCode).toBe(200);
    const listed = await as(ctx, p.vendor).get(
      `/api/delivery_request/vendor/${p.vendor.user.user_id}`,
    );
    expect(listed.json()).toEqual([]);
  });

  it('refuses everyone but the vendor, and any status but Denied', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const url = `/api/delivery_request/${request.delivery_request_id}`;
    const before = await snapshot(ctx);
    expect((await as(ctx).put(url, { status: 'Denied' })).statusCode).toBe(401);
    expect((await as(ctx, p.buyer).put(url, { status: 'Denied' })).statusCode).toBe(403);
    expect((await as(ctx, p.stranger).put(url, { status: 'Denied' })).statusCode).toBe(403);
    for (const bad of [{ status: 'Approved' }, { status: 'Pending' }, { status: 'Nope' }, {}]) {
      expect((await as(ctx, p.vendor).put(url, bad)).statusCode).toBe(400);
    }
    expect(
      (await as(ctx, p.vendor).put('/api/delivery_request/999999', { status: 'Denied' }))
        .statusCode,
    ).toBe(404);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('refuses to decline an accepted request (409)', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    await acceptRequest(ctx, p, request.delivery_request_id);
    const before = await snapshot(ctx);
    const res = await as(ctx, p.vendor).put(
      `/api/delivery_request/${request.delivery_request_id}`,
      {
        status: 'Denied',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(await snapshot(ctx)).toEqual(before);
  });
});
