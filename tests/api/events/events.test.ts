import { describe, expect, it } from 'vitest';
import { as, listeningAppForFile, signedInUser, type Actor } from '../harness.js';
import { acceptRequest, listingOf, requestDelivery, unassignedDelivery } from '../data.js';
import { sendMessage, setShift } from '../notify-support.js';
import { openSse } from '../sse-client.js';

const { ctx, base, streams } = await listeningAppForFile();
const vendor = await signedInUser(ctx, { username: 'ev_vendor' });
const buyer = await signedInUser(ctx, { username: 'ev_buyer' });
const courier = await signedInUser(ctx, { username: 'ev_courier', is_courier: 1 });
const offShift = await signedInUser(ctx, { username: 'ev_offshift', is_courier: 1 });
const stranger = await signedInUser(ctx, { username: 'ev_stranger' });
await setShift(ctx, courier, true);

const stream = (actor: Actor) => streams.open(actor.cookie);

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
    const { listing_id } = await listingOf(ctx, vendor, { title: 'Lamp' });

    // A message reaches its sender and receiver.
    await sendMessage(ctx, buyer, vendor, listing_id, 'Still available?');
    await v.next('message.created');
    await b.next('message.created');

    // Accepting a request adds to the pool: buyer, vendor and on-shift couriers hear of it.
    const p = { vendor, buyer, stranger, listing_id };
    const request = await requestDelivery(ctx, p);
    const deliveryId = (await acceptRequest(ctx, p, request.delivery_request_id)).delivery_id;
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
    await sendMessage(ctx, buyer, vendor, listing_id, 'Thanks!');
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
    const { listing_id } = await listingOf(ctx, vendor, { title: 'Desk' });
    const p = { vendor, buyer, stranger, listing_id };
    const request = await requestDelivery(ctx, p);
    const id = (await acceptRequest(ctx, p, request.delivery_request_id)).delivery_id;
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
