import { describe, expect, it } from 'vitest';
import { acceptRequest, listingOf, requestDelivery } from '../data.js';
import { appForFile, as, countRows, signedInUser, snapshot } from '../harness.js';

const ctx = await appForFile();
const vendor = await signedInUser(ctx, { username: 'sam' });
const stranger = await signedInUser(ctx, { username: 'stan' });

const ids = (res: { json: () => { listing_id: number }[] }) => res.json().map((l) => l.listing_id);

describe('PUT /api/listing/{id}', () => {
  it('lets the owner mark a listing sold: out of stock, off the active list, counted', async () => {
    const { listing_id } = await listingOf(ctx, vendor);
    const before = await as(ctx).get(`/api/listing/vendor/sold/${vendor.user.user_id}`);
    expect(before.json()).toEqual({ count: 0 });

    const res = await as(ctx, vendor).put(`/api/listing/${listing_id}`, {
      availability: 'Out of Stock',
      listing_status: 'Sold',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      listing_id,
      availability: 'Out of Stock',
      listing_status: 'Sold',
    });
    expect(ids(await as(ctx).get(`/api/listing/active/${vendor.user.user_id}`))).not.toContain(
      listing_id,
    );
    expect(ids(await as(ctx).get('/api/all'))).not.toContain(listing_id);
    const after = await as(ctx).get(`/api/listing/vendor/sold/${vendor.user.user_id}`);
    expect(after.json()).toEqual({ count: 1 });
  });

  it('marks a listing out of stock when only the status Sold is sent', async () => {
    const { listing_id } = await listingOf(ctx, vendor);
    const res = await as(ctx, vendor).put(`/api/listing/${listing_id}`, {
      listing_status: 'Sold',
    });
    expect(res.json()[0].availability).toBe('Out of Stock');
  });

  it('refuses a visitor (401) and a stranger (403) and leaves the listing as it was', async () => {
    const { listing_id } = await listingOf(ctx, vendor);
    const before = await snapshot(ctx);
    const body = { availability: 'Out of Stock', listing_status: 'Sold' };
    expect((await as(ctx).put(`/api/listing/${listing_id}`, body)).statusCode).toBe(401);
    expect((await as(ctx, stranger).put(`/api/listing/${listing_id}`, body)).statusCode).toBe(403);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it.each([
    ['an empty body', {}],
    ['the status Deleted (delete is its own call)', { listing_status: 'Deleted' }],
    ['an unknown status', { listing_status: 'Gone' }],
    ['an unknown availability', { availability: 'Maybe' }],
    ['an extra field', { listing_status: 'Sold', price: 1 }],
  ])('refuses %s with 400', async (_label, body) => {
    const { listing_id } = await listingOf(ctx, vendor);
    const before = await snapshot(ctx);
    const res = await as(ctx, vendor).put(`/api/listing/${listing_id}`, body);
    expect(res.statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers 404 for an unknown or deleted listing', async () => {
    const body = { listing_status: 'Sold' };
    expect((await as(ctx, vendor).put('/api/listing/999999', body)).statusCode).toBe(404);
    const gone = await listingOf(ctx, vendor, { listing_status: 'Deleted' });
    expect((await as(ctx, vendor).put(`/api/listing/${gone.listing_id}`, body)).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/listing/{id}', () => {
  it('lets only the owner delete; a deleted listing is gone everywhere', async () => {
    const { listing_id } = await listingOf(ctx, vendor);
    expect((await as(ctx).delete(`/api/listing/${listing_id}`)).statusCode).toBe(401);
    expect((await as(ctx, stranger).delete(`/api/listing/${listing_id}`)).statusCode).toBe(403);
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).statusCode).toBe(200);

    const res = await as(ctx, vendor).delete(`/api/listing/${listing_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).statusCode).toBe(404);
    expect(ids(await as(ctx).get('/api/all'))).not.toContain(listing_id);
    expect(ids(await as(ctx).get(`/api/listing/active/${vendor.user.user_id}`))).not.toContain(
      listing_id,
    );
    expect((await as(ctx, vendor).delete(`/api/listing/${listing_id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a listing with a delivery under way (409)', async () => {
    const buyer = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, vendor);
    const p = { vendor, buyer, stranger, listing_id };
    const request = await requestDelivery(ctx, p);
    await acceptRequest(ctx, p, request.delivery_request_id);
    const before = await snapshot(ctx);
    const res = await as(ctx, vendor).delete(`/api/listing/${listing_id}`);
    expect(res.statusCode).toBe(409);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('never leaves a deleted listing with a live delivery when delete and accept race', async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await signedInUser(ctx);
      const { listing_id } = await listingOf(ctx, vendor);
      const request = await requestDelivery(ctx, { vendor, buyer, stranger, listing_id });
      const [deleted, accepted] = await Promise.all([
        as(ctx, vendor).delete(`/api/listing/${listing_id}`),
        as(ctx, vendor).post(
          `/api/delivery_instruction/request/accept/${request.delivery_request_id}`,
          { pickup: 'Library' },
        ),
      ]);
      // Exactly one wins; the other is told why with 409.
      expect([deleted.statusCode, accepted.statusCode].sort()).toEqual(
        deleted.statusCode === 200 ? [200, 409] : [201, 409],
      );
      const listingGone = (await as(ctx).get(`/api/listing/${listing_id}`)).statusCode === 404;
      const deliveries = await as(ctx, vendor).get('/api/delivery_instruction');
      const live = deliveries
        .json()
        .some((d: { listing_id: number }) => d.listing_id === listing_id);
      expect(listingGone).toBe(!live);
    }
  });

  it('declines the pending delivery requests of a deleted listing', async () => {
    const buyer = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, vendor);
    const request = await requestDelivery(ctx, { vendor, buyer, stranger, listing_id });
    expect((await as(ctx, vendor).delete(`/api/listing/${listing_id}`)).statusCode).toBe(200);
    const vendorList = await as(ctx, vendor).get(
      `/api/delivery_request/vendor/${vendor.user.user_id}`,
    );
    expect(vendorList.json().map((r: { listing_id: number }) => r.listing_id)).not.toContain(
      listing_id,
    );
    const mine = await as(ctx, buyer).get('/api/delivery_request');
    expect(mine.json()).toEqual([
      expect.objectContaining({
        delivery_request_id: request.delivery_request_id,
        status: 'Denied',
      }),
    ]);
  });
});

describe('POST /api/listing/existing', () => {
  it('relists the owner’s product with a new price and condition', async () => {
    const first = await listingOf(ctx, vendor, {
      title: 'Bike lock',
      thumbnail: '/uploads/x.webp',
    });
    const res = await as(ctx, vendor).post('/api/listing/existing', {
      product_id: first.product_id,
      price: 7,
      conditions: 'Used - Fair',
      vendor_id: vendor.user.user_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      listing_id: expect.any(Number),
      product_id: first.product_id,
      thumbnail: '/uploads/x.webp',
    });
    const read = await as(ctx).get(`/api/listing/${res.json().listing_id}`);
    expect(read.json()[0]).toMatchObject({
      title: 'Bike lock',
      price: 7,
      conditions: 'Used - Fair',
    });
  });

  it('refuses visitors, strangers, someone else’s product and bad input', async () => {
    const mine = await listingOf(ctx, vendor);
    const body = {
      product_id: mine.product_id,
      price: 5,
      conditions: 'New',
      vendor_id: vendor.user.user_id,
    };
    const rows = await countRows(ctx);
    expect((await as(ctx).post('/api/listing/existing', body)).statusCode).toBe(401);
    expect((await as(ctx, stranger).post('/api/listing/existing', body)).statusCode).toBe(403);
    const asOwnVendor = { ...body, vendor_id: stranger.user.user_id };
    expect((await as(ctx, stranger).post('/api/listing/existing', asOwnVendor)).statusCode).toBe(
      403,
    );
    const unknown = { ...body, product_id: 999999 };
    expect((await as(ctx, vendor).post('/api/listing/existing', unknown)).statusCode).toBe(404);
    for (const bad of [
      { ...body, price: '5.' },
      { ...body, price: -5 },
      { ...body, conditions: 'Like new' },
      { ...body, conditions: undefined },
      { ...body, product_id: undefined },
      { ...body, title: 'extra' },
    ]) {
      expect((await as(ctx, vendor).post('/api/listing/existing', bad)).statusCode).toBe(400);
    }
    expect(await countRows(ctx)).toEqual(rows);
  });
});

describe('vendor lists', () => {
  it('GET /api/product/vendor/{id} shows the caller their own products only', async () => {
    const seller = await signedInUser(ctx);
    await listingOf(ctx, seller, { title: 'Kettle' });
    const res = await as(ctx, seller).get(`/api/product/vendor/${seller.user.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        product_id: expect.any(Number),
        vendor_id: seller.user.user_id,
        title: 'Kettle',
        description: expect.any(String),
        category: 'Other',
        thumbnail: null,
      },
    ]);
    expect(
      (await as(ctx, stranger).get(`/api/product/vendor/${seller.user.user_id}`)).statusCode,
    ).toBe(403);
    expect((await as(ctx).get(`/api/product/vendor/${seller.user.user_id}`)).statusCode).toBe(401);
  });

  it('GET /api/listing/active/{id} lists only active listings, newest first, to anyone', async () => {
    const seller = await signedInUser(ctx);
    const old = await listingOf(ctx, seller, { listing_date: '2026-01-01T00:00:00.000Z' });
    const recent = await listingOf(ctx, seller, { listing_date: '2026-02-01T00:00:00.000Z' });
    await listingOf(ctx, seller, { listing_status: 'Sold' });
    await listingOf(ctx, seller, { listing_status: 'Deleted' });
    const res = await as(ctx).get(`/api/listing/active/${seller.user.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([recent.listing_id, old.listing_id]);
    expect((await as(ctx).get('/api/listing/active/nope')).statusCode).toBe(400);
  });
});
