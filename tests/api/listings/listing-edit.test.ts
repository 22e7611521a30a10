import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_DROP_SHOWN_MS } from '#shared/constants.js';
import type { Listing, ListingDetail, SearchPage } from '#shared/schemas/listings.js';
import { listingBody, listingOf } from '../data.js';
import { appForFile, as, signedInUser, snapshot, type Actor } from '../harness.js';

const ctx = await appForFile();
const seller = await signedInUser(ctx, { username: 'editor' });
const stranger = await signedInUser(ctx, { username: 'passerby' });

const detail = async (id: number) =>
  (await as(ctx).get(`/api/listing/${id}`)).json<ListingDetail[]>()[0]!;
const titles = (res: { json: () => Listing[] }) => res.json().map((l) => l.title);
const edit = (id: number, body: unknown, actor: Actor = seller) =>
  as(ctx, actor).patch(`/api/listing/${id}`, body);

describe('PATCH /api/listing/{id}', () => {
  it('changes what the seller wrote and answers the listing as GET does', async () => {
    const { listing_id } = await listingOf(ctx, seller, {
      title: 'Desk lampp',
      category: 'Other',
      price: 30,
    });
    const res = await edit(listing_id, {
      title: '  Desk lamp  ',
      description: 'Warm light, new bulb.',
      category: 'furniture',
      conditions: 'used - like new',
      discount: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answered] = res.json<ListingDetail[]>();
    expect(answered).toMatchObject({
      listing_id,
      title: 'Desk lamp',
      description: 'Warm light, new bulb.',
      category: 'Furniture',
      conditions: 'Used - Like New',
      discount: 10,
      price: 30,
      photos: [],
    });
    expect(await detail(listing_id)).toEqual(answered);
  });

  it('lets search find the new words at once and no longer the old ones', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Zebra print umbrella' });
    // Cached answers first: the edit must reach them too.
    expect(titles(await as(ctx).get('/api/title?title=zebra'))).toEqual(['Zebra print umbrella']);
    expect(titles(await as(ctx).get('/api/title?title=um'))).toContain('Zebra print umbrella');
    const page = await as(ctx).get('/api/search?title=umbrella');
    expect(page.json<SearchPage>().total).toBe(1);

    expect((await edit(listing_id, { title: 'Quokka parasol & stand' })).statusCode).toBe(200);

    expect(titles(await as(ctx).get('/api/title?title=zebra'))).toEqual([]);
    expect(titles(await as(ctx).get('/api/title?title=um'))).not.toContain(
      'Quokka parasol & stand',
    );
    expect((await as(ctx).get('/api/search?title=umbrella')).json<SearchPage>().total).toBe(0);
    expect(titles(await as(ctx).get('/api/title?title=quokka%20parasol'))).toEqual([
      'Quokka parasol & stand',
    ]);
    expect(titles(await as(ctx).get('/api/title?title=pa'))).toContain('Quokka parasol & stand');
    expect(titles(await as(ctx).get('/api/title?title=%26'))).toContain('Quokka parasol & stand');
    const category = await as(ctx).get('/api/combined?category=Other&title=quokka');
    expect(titles(category)).toEqual(['Quokka parasol & stand']);
  });

  it('moves the listing between categories in search', async () => {
    const { listing_id } = await listingOf(ctx, seller, {
      title: 'Wombat textbook',
      category: 'Other',
    });
    expect(titles(await as(ctx).get('/api/category?category=Books'))).not.toContain(
      'Wombat textbook',
    );
    await edit(listing_id, { category: 'Books' });
    expect(titles(await as(ctx).get('/api/category?category=Books'))).toContain('Wombat textbook');
    expect(titles(await as(ctx).get('/api/category?category=Other'))).not.toContain(
      'Wombat textbook',
    );
  });

  it('changes every listing of the product: they show the same words', async () => {
    const first = await listingOf(ctx, seller, { title: 'Camping stove' });
    const relisted = await as(ctx, seller).post('/api/listing/existing', {
      product_id: first.product_id,
      price: 8,
      conditions: 'Used - Fair',
      vendor_id: seller.user.user_id,
    });
    expect(relisted.statusCode).toBe(201);
    await edit(first.listing_id, { title: 'Camping stove (gas)', price: 12 });
    const other = await detail(relisted.json<{ listing_id: number }>().listing_id);
    expect(other.title).toBe('Camping stove (gas)');
    expect(other.price).toBe(8);
  });

  it('refuses a visitor (401) and anyone but the seller (403), changing nothing', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Not yours' });
    const before = await snapshot(ctx);
    expect((await as(ctx).patch(`/api/listing/${listing_id}`, { title: 'x' })).statusCode).toBe(
      401,
    );
    const res = await edit(listing_id, { title: 'Mine now' }, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the seller can change this listing.');
    // Someone else's listing is 403 even when the body is broken (who before what).
    expect((await edit(listing_id, { price: -1 }, stranger)).statusCode).toBe(403);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it.each([
    ['an empty body', {}, 'Nothing to change'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a title too long', { title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    ['a blank description', { description: '' }, 'Description is required'],
    ['a negative price', { price: -1 }, 'Price cannot be negative'],
    ['a price that is no number', { price: 'cheap' }, 'valid numeric value for the price'],
    ['an unknown category', { category: 'Toys' }, 'Category must be one of'],
    ['an unknown condition', { conditions: 'Broken' }, 'Condition must be one of'],
    ['a discount over 100', { discount: 150 }, 'Discount must be a number from 0 to 100'],
    ['a field it does not change', { vendor_id: 1 }, 'vendor_id'],
    ['a status (PUT sets it)', { listing_status: 'Sold' }, 'listing_status'],
  ])('refuses %s with 400 and the rule of creation', async (_label, body, message) => {
    const { listing_id } = await listingOf(ctx, seller);
    const before = await snapshot(ctx);
    const res = await edit(listing_id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(res.json().message).toContain(message);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers 404 for an unknown or deleted listing and 409 for a sold or hidden one', async () => {
    expect((await edit(999_999, { title: 'Ghost' })).statusCode).toBe(404);
    const deleted = await listingOf(ctx, seller);
    await as(ctx, seller).delete(`/api/listing/${deleted.listing_id}`);
    expect((await edit(deleted.listing_id, { title: 'Back' })).statusCode).toBe(404);

    const sold = await listingOf(ctx, seller);
    await as(ctx, seller).put(`/api/listing/${sold.listing_id}`, { listing_status: 'Sold' });
    const soldRes = await edit(sold.listing_id, { price: 1 });
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json().message).toBe('This listing is sold: it can no longer change.');

    const hidden = await listingOf(ctx, seller);
    await ctx.database.db
      .updateTable('listings')
      .set({ listing_status: 'Deleted' })
      .where('listing_id', '=', hidden.listing_id)
      .execute();
    await ctx.database.db
      .insertInto('listing_holds')
      .values({
        listing_id: hidden.listing_id,
        previous_status: 'Active',
        reason: 'Counterfeit',
        created_at: new Date().toISOString(),
      })
      .execute();
    const hiddenRes = await edit(hidden.listing_id, { title: 'Genuine' });
    expect(hiddenRes.statusCode).toBe(409);
    expect(hiddenRes.json().message).toBe('Hidden by a moderator: Counterfeit');
  });
});

describe('"was $X" after a lower price', () => {
  const backdate = (listingId: number, ms: number) =>
    Promise.all([
      ctx.database.db
        .updateTable('listings')
        .set({ price_dropped_at: new Date(Date.now() - ms).toISOString() })
        .where('listing_id', '=', listingId)
        .where('price_dropped_at', 'is not', null)
        .execute(),
      ctx.database.db
        .updateTable('listing_price_changes')
        .set({ changed_at: new Date(Date.now() - ms).toISOString() })
        .where('listing_id', '=', listingId)
        .execute(),
    ]);

  it('shows the earlier price for a week, on the listing and in search', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Reading chair', price: 40 });
    expect(await detail(listing_id)).toMatchObject({ was_price: null, was_price_until: null });
    const res = await edit(listing_id, { price: 30 });
    const [edited] = res.json<ListingDetail[]>();
    expect(edited).toMatchObject({ price: 30, was_price: 40 });
    const until = Date.parse(edited!.was_price_until!);
    expect(until - Date.now()).toBeGreaterThan(PRICE_DROP_SHOWN_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(PRICE_DROP_SHOWN_MS);
    const found = (await as(ctx).get('/api/title?title=reading%20chair')).json<Listing[]>();
    expect(found[0]).toMatchObject({ price: 30, was_price: 40 });

    // A week later it is an ordinary price again.
    await backdate(listing_id, PRICE_DROP_SHOWN_MS + 1000);
    expect(await detail(listing_id)).toMatchObject({
      price: 30,
      was_price: null,
      was_price_until: null,
    });
  });

  it('names the lowest price of the week before: a raise, then a drop, is no bargain', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Bike lock', price: 20 });
    await edit(listing_id, { price: 60 });
    expect(await detail(listing_id)).toMatchObject({ price: 60, was_price: null });
    await edit(listing_id, { price: 20 });
    expect(await detail(listing_id)).toMatchObject({ price: 20, was_price: null });
    await edit(listing_id, { price: 15 });
    expect(await detail(listing_id)).toMatchObject({ price: 15, was_price: 20 });
  });

  it('counts only the week before: an older higher price is not named', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Rice cooker', price: 50 });
    await edit(listing_id, { price: 35 });
    await backdate(listing_id, PRICE_DROP_SHOWN_MS + 1000);
    await edit(listing_id, { price: 30 });
    expect(await detail(listing_id)).toMatchObject({ price: 30, was_price: 35 });
  });

  it('drops "was" when the price goes back up, and keeps it for other edits', async () => {
    const { listing_id } = await listingOf(ctx, seller, { title: 'Toaster', price: 25 });
    await edit(listing_id, { price: 20 });
    await edit(listing_id, { description: 'Two slots.' });
    expect(await detail(listing_id)).toMatchObject({ price: 20, was_price: 25 });
    await edit(listing_id, { price: 22 });
    expect(await detail(listing_id)).toMatchObject({ price: 22, was_price: null });
  });
});

describe('photos', () => {
  const created = async (photos: number, overrides: Record<string, unknown> = {}) => {
    const body = await listingBody(seller, overrides);
    const more = Array.from({ length: photos }, (_, i) => ({
      thumbnail: pngOf(i),
      mimetype: 'image/png',
    }));
    return as(ctx, seller).post('/api/listing', { ...body, photos: more });
  };

  it('takes up to four more pictures after the cover, each through the image pipeline', async () => {
    const res = await created(4, { thumbnail: pngOf(10) });
    expect(res.statusCode, res.body).toBe(201);
    const { listing_id, thumbnail } = res.json<{ listing_id: number; thumbnail: string }>();
    const listing = await detail(listing_id);
    expect(listing.photos).toHaveLength(5);
    expect(listing.photos[0]).toBe(thumbnail);
    expect(listing.thumbnail).toBe(thumbnail);
    expect(new Set(listing.photos).size).toBe(5);
    for (const url of listing.photos) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
      const picture = await as(ctx).get(url);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      const small = await as(ctx).get(url.replace('.webp', '-sm.webp'));
      expect(small.statusCode).toBe(200);
    }
    // Cards read the cover only: search answers carry no photo list.
    const found = (await as(ctx).get('/api/title?title=desk%20lamp')).json<Listing[]>();
    expect(found.find((l) => l.listing_id === listing_id)).not.toHaveProperty('photos');
  });

  it('keeps the answer older clients read: an array whose first element is the listing', async () => {
    const res = await created(1);
    const answer = (await as(ctx).get(`/api/listing/${res.json().listing_id}`)).json();
    expect(Array.isArray(answer)).toBe(true);
    expect(answer[0]).toMatchObject({
      title: 'Desk lamp',
      product_id: expect.any(Number),
      thumbnail: expect.stringMatching(/^\/uploads\//),
    });
  });

  it('refuses a sixth picture, or one that is no picture, and keeps none of them', async () => {
    const before = await snapshot(ctx);
    const tooMany = await created(5);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 5 photos');
    const body = await listingBody(seller, { thumbnail: pngOf(20) });
    const broken = await as(ctx, seller).post('/api/listing', {
      ...body,
      photos: [
        { thumbnail: pngOf(21), mimetype: 'image/png' },
        { thumbnail: Buffer.from('<html>hi</html>').toString('base64'), mimetype: 'image/png' },
      ],
    });
    expect(broken.statusCode).toBe(400);
    const unknownField = await as(ctx, seller).post('/api/listing', {
      ...body,
      photos: [{ thumbnail: pngOf(22), mimetype: 'image/png', caption: 'front' }],
    });
    expect(unknownField.statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('adds, removes and reorders pictures on an edit; the first becomes the cover', async () => {
    const res = await created(2, { thumbnail: pngOf(30) });
    const { listing_id } = res.json<{ listing_id: number }>();
    const [cover, second, third] = (await detail(listing_id)).photos;
    const edited = await edit(listing_id, {
      photos: [{ url: third }, { thumbnail: pngOf(31), mimetype: 'image/png' }, { url: cover }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await detail(listing_id);
    expect(after.photos).toHaveLength(3);
    expect(after.photos[0]).toBe(third);
    expect(after.photos[2]).toBe(cover);
    expect(after.photos).not.toContain(second);
    expect(after.thumbnail).toBe(third);
    // Search shows the new cover at once.
    const found = (await as(ctx).get('/api/title?title=desk%20lamp')).json<Listing[]>();
    expect(found.find((l) => l.listing_id === listing_id)?.thumbnail).toBe(third);
  });

  it.each([
    ['no picture at all', () => [], 'Please upload an image.'],
    ['six pictures', (urls: string[]) => Array(6).fill({ url: urls[0] }), 'at most 5 photos'],
    [
      'a picture of another listing',
      () => [{ url: '/uploads/' + 'a'.repeat(32) + '.webp' }],
      "not one of this listing's",
    ],
    [
      'the same picture twice',
      (urls: string[]) => [{ url: urls[0] }, { url: urls[0] }],
      'only once',
    ],
    [
      'a url and a picture in one',
      (urls: string[]) => [{ url: urls[0], thumbnail: pngOf(1), mimetype: 'image/png' }],
      'Each photo is',
    ],
    ['a picture without its type', () => [{ thumbnail: pngOf(1) }], 'Each photo is'],
    [
      'a picture that is no picture',
      () => [{ thumbnail: 'bm90IGFuIGltYWdl', mimetype: 'image/png' }],
      'not an image',
    ],
  ])('refuses %s with 400, changing nothing', async (_label, photos, message) => {
    const res = await created(1, { thumbnail: pngOf(40) });
    const { listing_id } = res.json<{ listing_id: number }>();
    const urls = (await detail(listing_id)).photos;
    const before = await snapshot(ctx);
    const answer = await edit(listing_id, { photos: photos(urls) });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(message);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('refuses a picture over 10 MB with 413', async () => {
    const res = await created(0, { thumbnail: pngOf(50) });
    const { listing_id } = res.json<{ listing_id: number }>();
    const huge = Buffer.alloc(11 * 1024 * 1024, 1).toString('base64');
    const answer = await edit(listing_id, {
      photos: [{ url: res.json().thumbnail }, { thumbnail: huge, mimetype: 'image/png' }],
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe('Image must be 10MB or less.');
  });
});

/** A tiny PNG of its own colour, so each picture is a different one. */
function pngOf(seed: number): string {
  return pngCache.get(seed) ?? '';
}
const pngCache = new Map<number, string>();
beforeAll(async () => {
  const sharp = (await import('sharp')).default;
  for (const seed of [0, 1, 2, 3, 4, 10, 20, 21, 22, 30, 31, 40, 50]) {
    const png = await sharp({
      create: {
        width: 8,
        height: 8,
        channels: 3,
        background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 13) % 256 },
      },
    })
      .png()
      .toBuffer();
    pngCache.set(seed, png.toString('base64'));
  }
});
