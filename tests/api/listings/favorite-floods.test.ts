/**
 * Edits cannot flood those who keep a listing as a favourite: a price drop is news only well
 * below the price they kept it at, each kind of news reaches a person at most once a day per
 * listing, and edits spend a daily allowance (docs/SECURITY.md, "Third round").
 */
import { describe, expect, it } from 'vitest';
import { FAVORITE_NOTICE_MS, FAVORITE_PRICE_DROP } from '#shared/constants.js';
import { FLOOD_LIMITS, FLOOD_MESSAGES } from '#shared/moderation.js';
import { connect } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { listingOf, oldUser } from '../data.js';
import { appForFile, as, emptyDatabase, signedInUser, snapshot, type Actor } from '../harness.js';
import { centreOf, kindsOf } from '../notify-support.js';

const ctx = await appForFile();

const fav = async (actor: Actor, listingId: number) => {
  const res = await as(ctx, actor).put(`/api/favorites/${listingId}`);
  expect(res.statusCode, res.body).toBe(200);
};
const edit = async (seller: Actor, listingId: number, body: object) => {
  const res = await as(ctx, seller).patch(`/api/listing/${listingId}`, body);
  expect(res.statusCode, res.body).toBe(200);
};
const setStatus = async (seller: Actor, listingId: number, listing_status: string) => {
  const res = await as(ctx, seller).put(`/api/listing/${listingId}`, { listing_status });
  expect(res.statusCode, res.body).toBe(200);
};
/** Moves a person's last notice of this kind about the listing a day and a minute back. */
const dayPasses = (actor: Actor, listingId: number, column: 'drop_told_at' | 'sold_told_at') =>
  ctx.database.db
    .updateTable('favorites')
    .set({ [column]: new Date(Date.now() - FAVORITE_NOTICE_MS - 60_000).toISOString() })
    .where('user_id', '=', actor.user.user_id)
    .where('listing_id', '=', listingId)
    .where(column, 'is not', null)
    .execute();
const setSpent = (key: string, spent: number) =>
  ctx.database.db
    .insertInto('flood_counters')
    .values({ key, spent, window_start: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ spent }))
    .execute();

describe('price drops told to those who keep a listing', () => {
  it('tells nobody of 30 one-cent cuts, then once of a real drop, then not again that day', async () => {
    const seller = await signedInUser(ctx);
    const keeper = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Standing desk', price: 20 });
    await fav(keeper, listing_id);
    // Every cut is a new lowest price (the listing shows "was $X"); none is a real drop.
    for (let i = 1; i <= 30; i++) await edit(seller, listing_id, { price: (2000 - i) / 100 });
    expect(await kindsOf(ctx, keeper)).toEqual([]);

    // 10 % and a dollar below the price it was kept at: told, once.
    await edit(seller, listing_id, { price: 17.5 });
    const told = (await centreOf(ctx, keeper)).items;
    expect(told.map((i) => [i.kind, i.title])).toEqual([
      ['favorite_price_drop', 'Price drop: Standing desk'],
    ]);
    // Another real drop the same day: not told again.
    await edit(seller, listing_id, { price: 12 });
    expect(await kindsOf(ctx, keeper)).toEqual(['favorite_price_drop']);

    // A day later, a drop well below the price last told of ($17.50) is news again...
    await dayPasses(keeper, listing_id, 'drop_told_at');
    await edit(seller, listing_id, { price: 11.5 });
    expect(await kindsOf(ctx, keeper)).toEqual(['favorite_price_drop', 'favorite_price_drop']);
    // ...and after another day, a small one below that ($11.50) is not.
    await dayPasses(keeper, listing_id, 'drop_told_at');
    await edit(seller, listing_id, { price: 11 });
    expect(await kindsOf(ctx, keeper)).toEqual(['favorite_price_drop', 'favorite_price_drop']);
  });

  it(`needs both ${FAVORITE_PRICE_DROP.percent} % and $${FAVORITE_PRICE_DROP.cents / 100} below the price it was kept at`, async () => {
    const seller = await signedInUser(ctx);
    const cheap = await listingOf(ctx, seller, { title: 'Pencil case', price: 5 });
    const dear = await listingOf(ctx, seller, { title: 'Road bike', price: 400 });
    const raised = await listingOf(ctx, seller, { title: 'Camp stove', price: 50 });
    const keeper = await signedInUser(ctx);
    for (const l of [cheap, dear, raised]) await fav(keeper, l.listing_id);
    // 20 % but 99 cents; $30 but 7.5 %.
    await edit(seller, cheap.listing_id, { price: 4.01 });
    await edit(seller, dear.listing_id, { price: 370 });
    // Raised after it was kept, then lowered back above the price it was kept at.
    await edit(seller, raised.listing_id, { price: 90 });
    await edit(seller, raised.listing_id, { price: 46 });
    expect(await kindsOf(ctx, keeper)).toEqual([]);
    await edit(seller, cheap.listing_id, { price: 4 });
    await edit(seller, raised.listing_id, { price: 45 });
    const titles = (await centreOf(ctx, keeper)).items.map((i) => i.title).sort();
    expect(titles).toEqual(['Price drop: Camp stove', 'Price drop: Pencil case']);
  });

  it('measures a favourite kept before prices were remembered from the price of then', async () => {
    const seller = await signedInUser(ctx);
    const keeper = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Old lamp', price: 30 });
    await fav(keeper, listing_id);
    await ctx.database.db
      .updateTable('favorites')
      .set({ price_cents: null })
      .where('listing_id', '=', listing_id)
      .execute();
    await edit(seller, listing_id, { price: 29.5 });
    expect(await kindsOf(ctx, keeper)).toEqual([]);
    await edit(seller, listing_id, { price: 20 });
    expect(await kindsOf(ctx, keeper)).toEqual(['favorite_price_drop']);
  });
});

describe('sales told to those who keep a listing', () => {
  it('tells of 10 Sold/Active flips once a day', async () => {
    const seller = await signedInUser(ctx);
    const keepers = [await signedInUser(ctx), await signedInUser(ctx)];
    const { listing_id } = await listingOf(ctx, seller, { title: 'Rice cooker' });
    for (const k of keepers) await fav(k, listing_id);
    for (let i = 0; i < 10; i++) {
      await setStatus(seller, listing_id, 'Sold');
      await setStatus(seller, listing_id, 'Active');
    }
    for (const k of keepers) expect(await kindsOf(ctx, k)).toEqual(['favorite_sold']);
    // A day later, a sale is news again.
    await dayPasses(keepers[0]!, listing_id, 'sold_told_at');
    await setStatus(seller, listing_id, 'Sold');
    expect(await kindsOf(ctx, keepers[0]!)).toEqual(['favorite_sold', 'favorite_sold']);
    expect(await kindsOf(ctx, keepers[1]!)).toEqual(['favorite_sold']);
  });

  it('bounds all a day brings one person about one listing: a drop and a sale', async () => {
    const seller = await signedInUser(ctx);
    const keeper = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Mini fan', price: 40 });
    await fav(keeper, listing_id);
    for (let i = 0; i < 5; i++) {
      await edit(seller, listing_id, { price: 30 - i * 5 });
      await setStatus(seller, listing_id, 'Sold');
      await setStatus(seller, listing_id, 'Active');
    }
    expect((await kindsOf(ctx, keeper)).sort()).toEqual(['favorite_price_drop', 'favorite_sold']);
  });
});

describe('edits spend a daily allowance', () => {
  it(`answers 429 after ${FLOOD_LIMITS.listingEditsPerDay.max} edits or status changes a day, changing nothing`, async () => {
    const seller = await signedInUser(ctx);
    const keeper = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller, { title: 'Bookcase', price: 60 });
    await fav(keeper, listing_id);
    await edit(seller, listing_id, { price: 59 });
    const key = `listingEditsPerDay:${seller.user.user_id}`;
    const spent = await ctx.database.db
      .selectFrom('flood_counters')
      .select('spent')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(spent.spent).toBe(1);

    await setSpent(key, FLOOD_LIMITS.listingEditsPerDay.max);
    const before = await snapshot(ctx);
    const patched = await as(ctx, seller).patch(`/api/listing/${listing_id}`, { price: 10 });
    expect(patched.statusCode).toBe(429);
    expect(patched.json().message).toBe(FLOOD_MESSAGES.listingEditsPerDay);
    expect(Number(patched.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const sold = await as(ctx, seller).put(`/api/listing/${listing_id}`, {
      listing_status: 'Sold',
    });
    expect(sold.statusCode).toBe(429);
    expect(sold.json().message).toBe(FLOOD_MESSAGES.listingEditsPerDay);
    expect(await snapshot(ctx)).toEqual(before);
    expect(await kindsOf(ctx, keeper)).toEqual([]);
  });
});

describe('migration 2026-12-12-watch-floods', () => {
  it('gives favourites kept before it the price of their listing then', async () => {
    const { url, drop } = await emptyDatabase();
    const database = connect(url);
    try {
      const migrator = migratorFor(database);
      const names = (await migrator.getMigrations()).map((m) => m.name);
      const before = names[names.indexOf('2026-12-12-watch-floods') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const db = database.db;
      const seller = await oldUser(db, 'old_seller');
      const keeper = await oldUser(db, 'old_keeper');
      const lamp = await createListing(db, { vendor_id: seller.user_id, price: 12.34 });
      await db
        .insertInto('favorites')
        .values({ user_id: keeper.user_id, listing_id: lamp.listing_id, created_at: '2026-12-01' })
        .execute();
      await migrateToLatest(database);
      const row = await db
        .selectFrom('favorites')
        .select(['price_cents', 'drop_told_at', 'sold_told_at'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_cents: 1234, drop_told_at: null, sold_told_at: null });
    } finally {
      await database.destroy();
      await drop();
    }
  });
});
