import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';
import { unassignedDelivery } from '../data.js';
import { openSse, type SseConnection } from '../sse-client.js';

let ctx: TestContext;
let base: string;
let vendor: Actor, buyer: Actor, courier: Actor, offShift: Actor, stranger: Actor;
const streams: SseConnection[] = [];

async function stream(actor: Actor) {
  const conn = await openSse(base, actor.cookie);
  streams.push(conn);
  await conn.next('ready');
  return conn;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  vendor = await signedInUser(ctx, { username: 'ev_vendor' });
  buyer = await signedInUser(ctx, { username: 'ev_buyer' });
  courier = await signedInUser(ctx, { username: 'ev_courier', is_courier: 1 });
  offShift = await signedInUser(ctx, { username: 'ev_offshift', is_courier: 1 });
  stranger = await signedInUser(ctx, { username: 'ev_stranger' });
  expect(
    (await as(ctx, courier).put(`/api/user/${courier.user.user_id}`, { on_shift: 1 })).statusCode,
  ).toBe(200);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

describe('GET /api/events', () => {
  it('refuses visitors with 401', async () => {
    const conn = await openSse(base);
    expect(conn.status).toBe(401);
    conn.close();
  });

  it('pushes each event only to the users who may read it', async () => {
    const v = await stream(vendor);
    const b = await stream(buyer);
    const c = await stream(courier);
    const off = await stream(offShift);
    const s = await stream(stranger);
    const { listing_id } = await createListing(ctx.database.db, {
      vendor_id: vendor.user.user_id,
      title: 'Lamp',
    });

    // A message reaches its sender and receiver.
    const sent = await as(ctx, buyer).post('/api/direct_message', {
      sender_id: buyer.user.user_id,
      receiver_id: vendor.user.user_id,
      listing_id,
      content: 'Still available?',
    });
    expect(sent.statusCode).toBe(201);
    await v.next('message.created');
    await b.next('message.created');

    // Accepting a request adds to the pool: buyer, vendor and on-shift couriers hear of it.
    const req = await as(ctx, buyer).post('/api/delivery_request', {
      buyer_id: buyer.user.user_id,
      vendor_id: vendor.user.user_id,
      listing_id,
      dropoff: 'Library',
    });
    const accepted = await as(ctx, vendor).post(
      `/api/delivery_instruction/request/accept/${req.json().delivery_request_id}`,
      { pickup: 'Cafe 101' },
    );
    expect(accepted.statusCode).toBe(201);
    const deliveryId = accepted.json().delivery_id as number;
    const isThis = (d: { delivery?: { delivery_id: number } }) =>
      d.delivery?.delivery_id === deliveryId;
    await b.next('delivery.updated', isThis);
    await v.next('delivery.updated', isThis);
    await c.next('delivery.updated', isThis);

    // The claim and the courier's position.
    const claim = await as(ctx, courier).put(`/api/delivery_instruction/${deliveryId}`, {
      courier_id: courier.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(claim.statusCode).toBe(200);
    await b.next(
      'delivery.updated',
      (d: { delivery?: { delivery_status: string } }) => d.delivery?.delivery_status === 'Assigned',
    );
    const pos = await as(ctx, courier).post(`/api/delivery_instruction/${deliveryId}/position`, {
      lat: 37.7224,
      lng: -122.4784,
      accuracy: 8,
    });
    expect(pos.statusCode).toBe(200);
    const seen = await b.next('courier.position');
    expect(seen.data).toMatchObject({ delivery_id: deliveryId, lat: 37.7224, lng: -122.4784 });
    await v.next('courier.position');

    // Flush: one more event to the stranger-free audience, then check nobody else heard anything.
    await as(ctx, buyer).post('/api/direct_message', {
      sender_id: buyer.user.user_id,
      receiver_id: vendor.user.user_id,
      listing_id,
      content: 'Thanks!',
    });
    await v.next('message.created', (m: { content: string }) => m.content === 'Thanks!');
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
    expect(off.events.map((e) => e.event)).toEqual(['ready']);
    expect(
      c.events.some((e) => e.event === 'courier.position' || e.event === 'message.created'),
    ).toBe(false);
  });

  it('says at ready how long ago the user’s last event came, so data fetched before it is refetched', async () => {
    // The buyer's page has its data; the seller accepts before the buyer's stream is open.
    const late = await unassignedDelivery(ctx);
    const quiet = await signedInUser(ctx, { username: 'ev_quiet' });

    const readyOf = async (actor: Actor) =>
      (await stream(actor)).events.find((e) => e.event === 'ready')!.data as {
        user_id: number;
        last_event_ms_ago: number | null;
      };
    const buyerReady = await readyOf(late.buyer);
    expect(buyerReady.user_id).toBe(late.buyer.user.user_id);
    expect(buyerReady.last_event_ms_ago).toBeGreaterThanOrEqual(0);
    expect(buyerReady.last_event_ms_ago).toBeLessThan(30_000);
    // A courier on shift heard of the new delivery in the pool; nobody else did.
    expect((await readyOf(courier)).last_event_ms_ago).toBeLessThan(30_000);
    expect(await readyOf(quiet)).toEqual({ user_id: quiet.user.user_id, last_event_ms_ago: null });
  });
});

describe('POST /api/delivery_instruction/{id}/position', () => {
  it('accepts only the assigned courier, only while under way, and forgets the position at the end', async () => {
    const { listing_id } = await createListing(ctx.database.db, {
      vendor_id: vendor.user.user_id,
      title: 'Desk',
    });
    const req = await as(ctx, buyer).post('/api/delivery_request', {
      buyer_id: buyer.user.user_id,
      vendor_id: vendor.user.user_id,
      listing_id,
      dropoff: 'Annex 1',
    });
    const accepted = await as(ctx, vendor).post(
      `/api/delivery_instruction/request/accept/${req.json().delivery_request_id}`,
      { pickup: 'Library' },
    );
    const id = accepted.json().delivery_id as number;
    const url = `/api/delivery_instruction/${id}/position`;
    const here = { lat: 37.72, lng: -122.48, accuracy: 5 };

    expect((await as(ctx, courier).post(url, here)).statusCode).toBe(403); // not assigned yet
    await as(ctx, courier).put(`/api/delivery_instruction/${id}`, {
      courier_id: courier.user.user_id,
      delivery_status: 'Assigned',
    });
    // Nothing shared yet: an empty answer, not an error; an unknown delivery is a 404.
    const none = await as(ctx, buyer).get(url);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await as(ctx, buyer).get('/api/delivery_instruction/999999/position')).statusCode).toBe(
      404,
    );
    expect((await as(ctx).post(url, here)).statusCode).toBe(401);
    expect((await as(ctx, buyer).post(url, here)).statusCode).toBe(403);
    expect((await as(ctx, stranger).post(url, here)).statusCode).toBe(403);
    expect((await as(ctx, courier).post(url, { ...here, lat: 91 })).statusCode).toBe(400);
    expect((await as(ctx, courier).post(url, { ...here, lng: -181 })).statusCode).toBe(400);
    expect((await as(ctx, courier).post(url, { ...here, lat: '37.7°' })).statusCode).toBe(400);
    expect((await as(ctx, courier).post(url, here)).statusCode).toBe(200);
    expect((await as(ctx, courier).post(url, { ...here, lat: 37.721 })).statusCode).toBe(200);

    const latest = await as(ctx, buyer).get(url);
    expect(latest.statusCode).toBe(200);
    expect(latest.json().lat).toBe(37.721);
    expect((await as(ctx, stranger).get(url)).statusCode).toBe(403);

    await as(ctx, courier).put(`/api/delivery_instruction/${id}`, { delivery_status: 'Picked Up' });
    await as(ctx, courier).put(`/api/delivery_instruction/${id}`, { delivery_status: 'Delivered' });
    const forgotten = await as(ctx, buyer).get(url);
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json()).toBeNull();
    expect((await as(ctx, courier).post(url, here)).statusCode).toBe(409);
    const rows = await ctx.database.db
      .selectFrom('courier_positions')
      .selectAll()
      .where('delivery_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});
