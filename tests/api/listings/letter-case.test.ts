/**
 * Other clients spell categories and conditions their own way: the original create form sends
 * "furniture". Values match without regard to letter case or surrounding spaces and are stored
 * and answered in the canonical spelling; anything else is a 400 naming the allowed values.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/constants.js';
import type { Listing } from '#shared/schemas/listings.js';
import { appForFile, as, signedInUser } from '../harness.js';
import { TINY_PNG_BASE64 } from '../world.js';

const ctx = await appForFile();
const vendor = await signedInUser(ctx);

const newListing = (category: string, conditions: string, title = 'Oak desk') => ({
  thumbnail: `data:image/png;base64,${TINY_PNG_BASE64}`,
  mimetype: 'image/png',
  title,
  price: 40,
  description: 'Solid oak',
  category,
  conditions,
  vendor_id: vendor.user.user_id,
});

async function listingById(id: number): Promise<Listing> {
  return ((await as(ctx).get(`/api/listing/${id}`)).json() as Listing[])[0]!;
}

describe('categories and conditions in any letter case', () => {
  it.each([
    ['furniture', 'used - good', 'Furniture', 'Used - Good'],
    ['  BOOKS ', 'NEW', 'Books', 'New'],
    ['eLeCtRoNiCs', 'used - like new', 'Electronics', 'Used - Like New'],
  ])('create stores %j / %j as %s / %s', async (category, conditions, canonical, cond) => {
    const res = await as(ctx, vendor).post('/api/listing', newListing(category, conditions));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await listingById(res.json().listing_id);
    expect(stored.category).toBe(canonical);
    expect(stored.conditions).toBe(cond);
  });

  it('relists with a condition in any case', async () => {
    const created = await as(ctx, vendor).post('/api/listing', newListing('Other', 'New'));
    const res = await as(ctx, vendor).post('/api/listing/existing', {
      product_id: created.json().product_id,
      price: 12,
      conditions: 'used - fair',
      vendor_id: vendor.user.user_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await listingById(res.json().listing_id)).conditions).toBe('Used - Fair');
  });

  it('searches by category and condition in any case', async () => {
    await as(ctx, vendor).post('/api/listing', newListing('Stationary', 'Used - Fair', 'Zyx pen'));
    for (const url of [
      '/api/category?category=stationary',
      '/api/combined?category=STATIONARY&title=zyx',
      '/api/search?category=%20stationary%20&title=zyx',
      '/api/search?title=zyx&condition=used%20-%20fair',
    ]) {
      const res = await as(ctx).get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as Listing[] | { items: Listing[] };
      const items = Array.isArray(body) ? body : body.items;
      expect(
        items.map((l) => l.title),
        url,
      ).toContain('Zyx pen');
      for (const l of items) expect(CATEGORIES).toContain(l.category);
    }
  });

  it.each([
    ['Toys', 'New', /Category must be one of: Food, Furniture/],
    ['furnitur', 'New', /Category must be one of/],
    ['Food', 'like new', /Condition must be one of: New, Used - Like New/],
    ['Food', '', /Condition must be one of/],
  ])('refuses %j / %j with 400 naming the allowed values', async (category, conditions, msg) => {
    const res = await as(ctx, vendor).post('/api/listing', newListing(category, conditions));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(msg);
  });

  it('refuses an unknown category in a search with 400', async () => {
    const res = await as(ctx).get('/api/category?category=toys');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Category must be one of/);
  });
});
