/**
 * Pictures that earlier versions kept as files in DATA_DIR/uploads move into the database at
 * start, and their URLs, stored in listings, keep answering with the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { importUploadedFiles } from '#server/images/import-files.js';
import { appForFile, as, signedInUser } from '../harness.js';

const ctx = await appForFile();

const webp = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();

it('moves the pictures of DATA_DIR/uploads into the store, serves them at their old URLs, and leaves other files alone', async () => {
  const dir = ctx.config.uploadsDir;
  fs.mkdirSync(dir, { recursive: true });
  const name = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const full = await webp(300, 200, '#36c');
  const card = await webp(150, 100, '#36c');
  fs.writeFileSync(path.join(dir, `${name}.webp`), full);
  fs.writeFileSync(path.join(dir, `${name}-sm.webp`), card);
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a picture');
  fs.writeFileSync(path.join(dir, `${'f'.repeat(32)}.webp`), 'not a picture either');

  const vendor = await signedInUser(ctx, { username: 'old_files' });
  const { listing_id } = await createListing(ctx.database.db, {
    vendor_id: vendor.user.user_id,
    thumbnail: `/uploads/${name}.webp`,
  });

  const result = await importUploadedFiles(ctx.app.images, dir);
  expect(result.moved).toBe(2);
  expect(result.kept.map((k) => path.basename(k.file)).sort()).toEqual([
    `${'f'.repeat(32)}.webp`,
    'notes.txt',
  ]);
  expect(fs.readdirSync(dir).sort()).toEqual([`${'f'.repeat(32)}.webp`, 'notes.txt']);

  const listed = (await as(ctx).get(`/api/listing/${listing_id}`)).json()[0];
  for (const [url, bytes, width] of [
    [listed.thumbnail, full, 300],
    [listed.thumbnail.replace('.webp', '-sm.webp'), card, 150],
  ] as const) {
    const res = await as(ctx).get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(await ctx.app.images.get(path.basename(url))).toMatchObject({ width });
  }

  // A second start (or a second instance) moves nothing twice.
  expect(await importUploadedFiles(ctx.app.images, dir)).toMatchObject({ moved: 0 });
  const rows = await ctx.database.db.selectFrom('images').select('name').execute();
  expect(rows.map((r) => r.name).sort()).toEqual([`${name}-sm.webp`, `${name}.webp`]);
});

it('removes an emptied folder and does nothing when there is none', async () => {
  const dir = path.join(ctx.config.dataDir, 'another-uploads');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, `${'1'.repeat(32)}.webp`), await webp(20, 20, '#000'));
  expect(await importUploadedFiles(ctx.app.images, dir)).toEqual({ moved: 1, kept: [] });
  expect(fs.existsSync(dir)).toBe(false);
  expect(await importUploadedFiles(ctx.app.images, dir)).toEqual({ moved: 0, kept: [] });
});
