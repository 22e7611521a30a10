import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#shared/constants.js';
import { jpegWithGps, listingBody, pngDeclaring, solidPng } from '../data.js';
import { appForFile, as, countRows, expectRefusedCounting, signedInUser } from '../harness.js';

const ctx = await appForFile();
const vendor = await signedInUser(ctx);

/** The bytes served at a picture's URL. */
async function served(url: string): Promise<Buffer> {
  const res = await as(ctx).get(url);
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}
const small = (url: string) => url.replace(/\.webp$/, '-sm.webp');

async function upload(bytes: Buffer, mimetype = 'image/png') {
  return as(ctx, vendor).post(
    '/api/listing',
    await listingBody(vendor, { thumbnail: bytes.toString('base64'), mimetype }),
  );
}

/** Sends an image that must be refused, and shows that no row (and no picture) appeared. */
const expectRefused = (bytes: Buffer, status: number, mimetype = 'image/png') =>
  expectRefusedCounting(ctx, () => upload(bytes, mimetype), status);

describe('images accepted', () => {
  it('re-encodes a PNG to WebP in a display size and a card size', async () => {
    const res = await upload(await solidPng(2000, 1500));
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().thumbnail;
    const full = await sharp(await served(url)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 960, height: 720 });
    const card = await sharp(await served(small(url))).metadata();
    expect(card).toMatchObject({ format: 'webp', width: 480, height: 360 });
  });

  it('serves the stored image with long immutable caching', async () => {
    const res = await upload(await solidPng(30, 20));
    const image = await as(ctx).get(res.json().thumbnail);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(30);
  });

  it('answers a revalidation by its ETag with 304 and no body, and HEAD with the headers only', async () => {
    const url: string = (await upload(await solidPng(600, 300))).json().thumbnail;
    const first = await as(ctx).get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await as(ctx).raw({
        method: 'GET',
        url,
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await as(ctx).raw({
      method: 'GET',
      url,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(head.body).toBe('');
    // The card size has its own validator.
    const card = await as(ctx).get(small(url));
    expect(card.headers.etag).not.toBe(etag);
  });

  it('answers 404 for a picture it does not hold and for names it never gives out', async () => {
    for (const url of [
      `/uploads/${'0'.repeat(32)}.webp`,
      `/uploads/${'0'.repeat(32)}-sm.webp`,
      '/uploads/nothing.webp',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/a/b.webp',
    ]) {
      const res = await as(ctx).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('strips EXIF, GPS position included, from a phone JPEG', async () => {
    const jpeg = await jpegWithGps();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.length).toBeGreaterThan(100);
    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    for (const url of [res.json().thumbnail, small(res.json().thumbnail)]) {
      const bytes = await served(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes('PhoneCo')).toBe(false);
    }
  });

  it('judges the bytes, not the claimed type, and accepts a data URL', async () => {
    const jpeg = await jpegWithGps();
    expect((await upload(jpeg, 'image/png')).statusCode).toBe(201);
    const dataUrl = `data:image/png;base64,${(await solidPng(10, 10)).toString('base64')}`;
    const res = await as(ctx, vendor).post(
      '/api/listing',
      await listingBody(vendor, { thumbnail: dataUrl }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('stores the same picture once, by content hash', async () => {
    const png = await solidPng(12, 12);
    const a = await upload(png);
    const b = await upload(png);
    expect(a.json().thumbnail).toBe(b.json().thumbnail);
    expect(a.json().listing_id).not.toBe(b.json().listing_id);
  });
});

describe('images refused', () => {
  it('refuses text that claims to be an image', async () => {
    const res = await expectRefused(Buffer.from('hello, I am not a picture'), 400);
    expect(res.json().message).toMatch(/not an image/);
  });

  it('refuses SVG, whatever mimetype it claims', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused(svg, 400);
    await expectRefused(svg, 400, 'image/svg+xml');
  });

  it('refuses a truncated PNG and a truncated JPEG', async () => {
    const png = await solidPng(200, 150);
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), 400);
    const jpeg = await jpegWithGps();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 400, 'image/jpeg');
  });

  it('refuses a tiny file that declares 20000 x 20000 pixels', async () => {
    const bomb = pngDeclaring(20000, 20000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await expectRefused(bomb, 400);
    expect(res.json().message).toMatch(/too large|not an image/);
  });

  it('refuses data that is not base64', async () => {
    const res = await as(ctx, vendor).post(
      '/api/listing',
      await listingBody(vendor, { thumbnail: '@@@ not base64 @@@' }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses an image over 10 MB with 413', async () => {
    // Just over the limit: the body fits the request limit, the decoded image does not.
    const res = await expectRefused(Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), 413);
    expect(res.json().message).toMatch(/10MB/);
  });

  it('refuses a request body far over 10 MB with 413', async () => {
    const rows = await countRows(ctx);
    const body = JSON.stringify(
      await listingBody(vendor, { thumbnail: 'A'.repeat(15 * 1024 * 1024) }),
    );
    const res = await as(ctx, vendor).raw({
      method: 'POST',
      url: '/api/listing',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/10MB/);
    expect(await countRows(ctx)).toEqual(rows);
  });
});
