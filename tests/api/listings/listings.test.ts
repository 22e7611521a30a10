import { describe, expect, it } from 'vitest';
import { listingBody, listingOf } from '../data.js';
import { appForFile, as, expectRefusedCounting, signedInUser } from '../harness.js';

const ctx = await appForFile();
const vendor = await signedInUser(ctx, { username: 'vera' });
const other = await signedInUser(ctx, { username: 'otto' });

/** Sends a refused request and shows that no row (pictures included) appeared. */
const expectRefused = (send: () => ReturnType<ReturnType<typeof as>['post']>, status = 400) =>
  expectRefusedCounting(ctx, send, status);

describe('POST /api/listing', () => {
  it('creates the product and listing and answers with the id and the image URL', async () => {
    const res = await as(ctx, vendor).post('/api/listing', await listingBody(vendor));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      listing_id: expect.any(Number),
      product_id: expect.any(Number),
      thumbnail: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/),
    });
    const read = await as(ctx).get(`/api/listing/${created.listing_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([
      {
        listing_id: created.listing_id,
        product_id: created.product_id,
        title: 'Desk lamp',
        price: 12.5,
        description: 'Bright and adjustable.',
        category: 'Furniture',
        conditions: 'Used - Good',
        thumbnail: created.thumbnail,
        listing_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        discount: 0,
        rating: 1,
        review_count: 0,
        vendor_id: vendor.user.user_id,
        availability: 'In Stock',
        listing_status: 'Active',
        username: 'vera',
        // Every picture, the cover first; no lowered price to show.
        photos: [created.thumbnail],
        was_price: null,
        was_price_until: null,
      },
    ]);
  });

  it('accepts a price of 0 and keeps prices to the cent', async () => {
    const free = await as(ctx, vendor).post(
      '/api/listing',
      await listingBody(vendor, { price: 0 }),
    );
    expect(free.statusCode).toBe(201);
    const cents = await as(ctx, vendor).post(
      '/api/listing',
      await listingBody(vendor, { price: 19.99 }),
    );
    const read = await as(ctx).get(`/api/listing/${cents.json().listing_id}`);
    expect(read.json()[0].price).toBe(19.99);
  });

  it('takes every category and condition of the contract', async () => {
    for (const [category, conditions] of [
      ['Stationary', 'New'],
      ['Food', 'Used - Like New'],
      ['Electronics', 'Used - Fair'],
    ]) {
      const res = await as(ctx, vendor).post(
        '/api/listing',
        await listingBody(vendor, { category, conditions }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('refuses a visitor with 401 and another vendor id with 403, creating nothing', async () => {
    const body = await listingBody(vendor);
    await expectRefused(() => as(ctx).post('/api/listing', body), 401);
    await expectRefused(() => as(ctx, other).post('/api/listing', body), 403);
  });

  it.each([
    ['a negative price', { price: -1 }, /Price cannot be negative/],
    ['a price in words', { price: '12 dollars' }, /valid numeric value for the price/],
    ['a price in exponent notation', { price: '1e3' }, /valid numeric value for the price/],
    ['an empty price', { price: '' }, /valid numeric value for the price/],
    ['a missing price', { price: undefined }, /price/],
    ['an absurd price', { price: 1e12 }, /Price must be at most/],
    ['a missing title', { title: undefined }, /Title is required/],
    ['a blank title', { title: '   ' }, /Title is required/],
    ['a missing description', { description: undefined }, /Description is required/],
    ['an unknown category', { category: 'Toys' }, /Category must be one of/],
    ['a misspelt category', { category: 'Stationery' }, /Category must be one of/],
    ['an unknown condition', { conditions: 'Broken' }, /Condition must be one of/],
    ['a vendor id with a space', { vendor_id: ' 1' }, /vendor_id/],
    ['a missing image', { thumbnail: undefined }, /Please upload an image/],
    ['an SVG mimetype', { mimetype: 'image/svg+xml' }, /Image must be JPEG, PNG/],
    ['an extra field', { listing_status: 'Sold' }, /listing_status|Unrecognized/i],
    ['a discount over 100', { discount: 150 }, /discount/],
  ])('refuses %s with 400 and changes nothing', async (_label, overrides, message) => {
    const body = await listingBody(vendor, overrides);
    const res = await expectRefused(() => as(ctx, vendor).post('/api/listing', body));
    expect(res.json().message).toMatch(message);
  });

  it('refuses malformed JSON with 400 and a non-JSON body with 415', async () => {
    await expectRefused(() =>
      as(ctx, vendor).raw({
        method: 'POST',
        url: '/api/listing',
        payload: '{"title": "Desk lamp", "price": 12,',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expectRefused(
      () =>
        as(ctx, vendor).raw({
          method: 'POST',
          url: '/api/listing',
          payload: 'title=Desk+lamp',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      415,
    );
  });

  it('refuses a body with a prototype-polluting key', async () => {
    const body = JSON.stringify(await listingBody(vendor)).replace(
      /^\{/,
      '{"__proto__": {"admin": true},',
    );
    await expectRefused(() =>
      as(ctx, vendor).raw({
        method: 'POST',
        url: '/api/listing',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});

describe('GET /api/listing/{id}', () => {
  it('answers an unknown listing with 404 "No item Found" and a malformed id with 400', async () => {
    const missing = await as(ctx).get('/api/listing/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No item Found', code: 'not_found' });
    for (const bad of ['abc', '0', '-3', '1.5', '1e3', '0x10', '%207', '99999999999']) {
      expect((await as(ctx).get(`/api/listing/${bad}`)).statusCode).toBe(400);
    }
  });

  it('keeps a sold listing readable but not a deleted one', async () => {
    const sold = await listingOf(ctx, vendor, { listing_status: 'Sold' });
    expect((await as(ctx).get(`/api/listing/${sold.listing_id}`)).statusCode).toBe(200);
    const gone = await listingOf(ctx, vendor, { listing_status: 'Deleted' });
    expect((await as(ctx).get(`/api/listing/${gone.listing_id}`)).statusCode).toBe(404);
  });
});
