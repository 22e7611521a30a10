/**
 * Blocking (silent, between two people) and the flood limits per account, which every instance
 * shares through the database.
 */
import { describe, expect, it } from 'vitest';
import { BLOCKED_MESSAGE, FLOOD_LIMITS, FLOOD_MESSAGES } from '#shared/moderation.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import { listingBody, listingOf, wrote } from '../data.js';
import {
  appForFile,
  as,
  countRows,
  createTestApp,
  signedInUser,
  withSecondInstance,
  type Actor,
  type TestContext,
} from '../harness.js';

const ctx = await appForFile();

const send = (app: TestContext, from: Actor, to: Actor, listingId: number, content = 'Hi') =>
  as(app, from).post('/api/direct_message', {
    sender_id: from.user.user_id,
    receiver_id: to.user.user_id,
    listing_id: listingId,
    content,
  });

describe('blocking', () => {
  it('stops the blocked person messaging or asking for deliveries, without telling them who', async () => {
    const seller = await signedInUser(ctx);
    const pest = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller);
    expect((await send(ctx, pest, seller, listing_id, 'first')).statusCode).toBe(201);

    const block = await as(ctx, seller).post('/api/blocks', { user_id: pest.user.user_id });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.headers['cache-control']).toBe('no-store');
    expect(block.json()).toEqual({
      user_id: pest.user.user_id,
      username: pest.user.username,
      blocked_at: expect.any(String),
    });
    // Blocking twice is harmless.
    expect(
      (await as(ctx, seller).post('/api/blocks', { user_id: pest.user.user_id })).statusCode,
    ).toBe(201);

    const rows = await countRows(ctx);
    const refused = await send(ctx, pest, seller, listing_id, 'hello again');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: BLOCKED_MESSAGE, code: 'forbidden' });
    const delivery = await as(ctx, pest).post('/api/delivery_request', {
      buyer_id: pest.user.user_id,
      vendor_id: seller.user.user_id,
      listing_id,
      dropoff: 'Library',
    });
    expect(delivery.statusCode).toBe(403);
    expect(delivery.json().message).toBe(BLOCKED_MESSAGE);
    // The one who blocked cannot write either, and is told how to undo it.
    const back = await send(ctx, seller, pest, listing_id, 'and stay away');
    expect(back.statusCode).toBe(403);
    expect(back.json().message).toMatch(/Unblock them/);
    expect(await countRows(ctx)).toEqual(rows);

    // Their conversation leaves the blocker's screens; the blocked still sees their own.
    const mine = (await as(ctx, seller).get('/api/direct_message')).json() as DirectMessage[];
    expect(mine.filter((m) => m.sender_id === pest.user.user_id)).toEqual([]);
    const theirs = (await as(ctx, pest).get('/api/direct_message')).json() as DirectMessage[];
    expect(theirs.map((m) => m.content)).toEqual(['first']);
    // Nothing in what the blocked person can read says they were blocked.
    expect(
      JSON.stringify((await as(ctx, pest).get(`/api/user/${seller.user.user_id}`)).json()),
    ).not.toMatch(/block/i);

    const list = await as(ctx, seller).get('/api/blocks');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([block.json()]);
    expect((await as(ctx, pest).get('/api/blocks')).json()).toEqual([]);

    const lift = await as(ctx, seller).delete(`/api/blocks/${pest.user.user_id}`);
    expect(lift.statusCode).toBe(200);
    expect((await as(ctx, seller).get('/api/blocks')).json()).toEqual([]);
    expect((await send(ctx, pest, seller, listing_id, 'sorry')).statusCode).toBe(201);
    const after = (await as(ctx, seller).get('/api/direct_message')).json() as DirectMessage[];
    expect(after.map((m) => m.content)).toEqual(['first', 'sorry']);
    expect((await as(ctx, seller).delete(`/api/blocks/${pest.user.user_id}`)).statusCode).toBe(404);
  });

  it('refuses blocking oneself, an unknown user, bad ids and visitors', async () => {
    const me = await signedInUser(ctx);
    const rows = await countRows(ctx);
    expect((await as(ctx, me).post('/api/blocks', { user_id: me.user.user_id })).statusCode).toBe(
      400,
    );
    expect((await as(ctx, me).post('/api/blocks', { user_id: 999999 })).statusCode).toBe(404);
    expect((await as(ctx, me).post('/api/blocks', { user_id: 'x' })).statusCode).toBe(400);
    expect((await as(ctx, me).post('/api/blocks', {})).statusCode).toBe(400);
    expect((await as(ctx, me).delete('/api/blocks/abc')).statusCode).toBe(400);
    expect((await as(ctx).post('/api/blocks', { user_id: me.user.user_id })).statusCode).toBe(401);
    expect((await as(ctx).get('/api/blocks')).statusCode).toBe(401);
    expect(await countRows(ctx)).toEqual(rows);
  });
});

describe('flood limits', () => {
  it('answers the 21st message in a minute with 429 and Retry-After, on every instance, and only for that account', async () => {
    await withSecondInstance(ctx, async (other) => {
      const seller = await signedInUser(ctx);
      const chatty = await signedInUser(ctx);
      const calm = await signedInUser(ctx);
      const { listing_id } = await listingOf(ctx, seller);
      const max = FLOOD_LIMITS.messagesPerMinute.max;
      // Half through one instance, half through the other: one count.
      for (let i = 0; i < max; i++) {
        const res = await send(i % 2 ? other : ctx, chatty, seller, listing_id, `m${i}`);
        expect(res.statusCode, res.body).toBe(201);
      }
      const rows = await countRows(ctx);
      for (const app of [ctx, other]) {
        const res = await send(app, chatty, seller, listing_id, 'one too many');
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({
          message: FLOOD_MESSAGES.messagesPerMinute,
          code: 'rate_limited',
        });
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
      expect(await countRows(ctx)).toEqual(rows);
      // Someone else writes on.
      expect((await send(other, calm, seller, listing_id, 'hello')).statusCode).toBe(201);
    });
  });

  it('counts a day of messages, listings and reports per account, and starts a new window when one passes', async () => {
    const seller = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller);
    const db = ctx.database.db;
    const setSpent = (key: string, spent: number, windowStart = new Date().toISOString()) =>
      db
        .insertInto('flood_counters')
        .values({ key, spent, window_start: windowStart })
        .onConflict((oc) => oc.column('key').doUpdateSet({ spent, window_start: windowStart }))
        .execute();

    const writer = await signedInUser(ctx);
    await setSpent(`messagesPerDay:${writer.user.user_id}`, FLOOD_LIMITS.messagesPerDay.max);
    const day = await send(ctx, writer, seller, listing_id);
    expect(day.statusCode).toBe(429);
    expect(day.json().message).toBe(FLOOD_MESSAGES.messagesPerDay);
    expect(Number(day.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // A refused message spends nothing of the minute's allowance either.
    const minute = await db
      .selectFrom('flood_counters')
      .selectAll()
      .where('key', '=', `messagesPerMinute:${writer.user.user_id}`)
      .executeTakeFirst();
    expect(minute).toBeUndefined();
    // Yesterday's count is over.
    await setSpent(
      `messagesPerDay:${writer.user.user_id}`,
      FLOOD_LIMITS.messagesPerDay.max,
      new Date(Date.now() - 25 * 3600 * 1000).toISOString(),
    );
    expect((await send(ctx, writer, seller, listing_id)).statusCode).toBe(201);

    const lister = await signedInUser(ctx);
    await setSpent(`listingsPerDay:${lister.user.user_id}`, FLOOD_LIMITS.listingsPerDay.max);
    const listing = await as(ctx, lister).post('/api/listing', await listingBody(lister));
    expect(listing.statusCode).toBe(429);
    expect(listing.json().message).toBe(FLOOD_MESSAGES.listingsPerDay);
    expect(listing.headers['retry-after']).toBeDefined();

    const reporter = await signedInUser(ctx);
    await setSpent(`reportsPerDay:${reporter.user.user_id}`, FLOOD_LIMITS.reportsPerDay.max);
    const report = await as(ctx, reporter).post('/api/reports', {
      target_type: 'user',
      target_id: seller.user.user_id,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(429);
    expect(report.json().message).toBe(FLOOD_MESSAGES.reportsPerDay);
  });

  it('is off with FLOOD_LIMITS=off (load tests)', async () => {
    const loose = await createTestApp({ env: { FLOOD_LIMITS: 'off' } });
    try {
      const seller = await signedInUser(loose);
      const chatty = await signedInUser(loose);
      const { listing_id } = await listingOf(loose, seller);
      await wrote(loose, chatty, seller, listing_id, 'hi');
      for (let i = 0; i <= FLOOD_LIMITS.messagesPerMinute.max; i++) {
        expect((await send(loose, chatty, seller, listing_id)).statusCode).toBe(201);
      }
    } finally {
      await loose.close();
    }
  });
});
