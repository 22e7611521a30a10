/**
 * Money is whole cents and text is well-formed Unicode: an amount with a fraction of a cent, or
 * a string holding half of a UTF-16 pair, is refused with 400 and a readable message, and
 * nothing changes (before, 0.004 became $0.00 and `\ud800` came back as U+FFFD).
 */
import { describe, expect, it } from 'vitest';
import { PRICE_CENTS_MESSAGE } from '#shared/schemas/listings.js';
import { NOT_WELL_FORMED_MESSAGE } from '#server/plugins/well-formed-text.js';
import { listingBody, listingOf, parties } from '../data.js';
import { appForFile, as, countRows, signedInUser } from '../harness.js';

const ctx = await appForFile();

describe('money in whole cents', () => {
  it.each([0.004, 10.005, 19.991, '12.345'])(
    'refuses a new listing priced %s with 400, storing nothing',
    async (price) => {
      const seller = await signedInUser(ctx);
      const before = await countRows(ctx);
      const res = await as(ctx, seller).post('/api/listing', await listingBody(seller, { price }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(PRICE_CENTS_MESSAGE);
      expect(await countRows(ctx)).toEqual(before);
    },
  );

  it('refuses an edit to a fraction of a cent and keeps the price', async () => {
    const seller = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { price: 20 });
    const res = await as(ctx, seller).patch(`/api/listing/${listing_id}`, { price: 0.004 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(PRICE_CENTS_MESSAGE);
    const listing = (await as(ctx).get(`/api/listing/${listing_id}`)).json();
    expect(listing.price ?? listing[0]?.price).toBe(20);
  });

  it('takes dollars with up to two decimals, as the spec’s clients send them', async () => {
    const seller = await signedInUser(ctx);
    for (const price of [12.5, 19.99, 0.01, '7.25', 0]) {
      const res = await as(ctx, seller).post('/api/listing', await listingBody(seller, { price }));
      expect(res.statusCode, `${price}: ${res.body}`).toBe(201);
    }
  });
});

describe('well-formed text', () => {
  it.each([
    ['a listing title', 'title'],
    ['a listing description', 'description'],
  ])('refuses an unpaired surrogate in %s with 400, storing nothing', async (_what, field) => {
    const seller = await signedInUser(ctx);
    const before = await countRows(ctx);
    const res = await as(ctx, seller).post(
      '/api/listing',
      await listingBody(seller, { [field]: 'Lamp \ud800 for sale' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      message: `${field}: ${NOT_WELL_FORMED_MESSAGE}`,
    });
    expect(await countRows(ctx)).toEqual(before);
  });

  it('refuses one in a message, as the raw JSON escape a client can send', async () => {
    const p = await parties(ctx);
    const before = await countRows(ctx);
    const res = await as(ctx, p.buyer).raw({
      method: 'POST',
      url: '/api/direct_message',
      headers: { 'content-type': 'application/json' },
      payload: `{"sender_id":${p.buyer.user.user_id},"receiver_id":${p.vendor.user.user_id},"listing_id":${p.listing_id},"content":"Is it free? \\udc00"}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await countRows(ctx)).toEqual(before);
  });

  it('reads a surrogate spelled in a query string’s UTF-8 as U+FFFD, never a 5xx', async () => {
    // %ED%A0%80 is U+D800 encoded as UTF-8, which decoding never yields as a lone surrogate.
    const res = await as(ctx).get('/api/search?title=lamp%ED%A0%80');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps paired surrogates (emoji) exactly as written', async () => {
    const seller = await signedInUser(ctx);
    const title = 'Desk lamp 💡 for 🎓 students';
    const res = await as(ctx, seller).post('/api/listing', await listingBody(seller, { title }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    const read = (await as(ctx).get(`/api/listing/${created.listing_id ?? created.id}`)).json();
    expect(JSON.stringify(read)).toContain(title);
  });
});
