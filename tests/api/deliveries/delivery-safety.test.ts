/**
 * Deliveries against a courier who games them: no carrying one's own order, device times that
 * cannot lie about a delivery's life, and a pool that tells other couriers only that a delivery
 * left it.
 */
import { describe, expect, it } from 'vitest';
import { DEVICE_TIME_AHEAD_MS } from '#shared/delivery.js';
import { acceptRequest, courier, parties, requestDelivery, unassignedDelivery } from '../data.js';
import { as, listeningAppForFile, signedInUser, snapshot, type Actor } from '../harness.js';
import type { SseConnection } from '../sse-client.js';

const { ctx, streams } = await listeningAppForFile();

const url = (id: number) => `/api/delivery_instruction/${id}`;
const claim = (actor: Actor, id: number) =>
  as(ctx, actor).put(url(id), { courier_id: actor.user.user_id, delivery_status: 'Assigned' });
const becomeCourier = (actor: Actor) =>
  as(ctx, actor).put(`/api/user/${actor.user.user_id}`, { is_courier: 1, on_shift: 1 });

describe('no self-delivery', () => {
  it('refuses the buyer and the seller, couriers both, with 403 own_order, changing nothing', async () => {
    const d = await unassignedDelivery(ctx);
    for (const party of [d.buyer, d.vendor]) {
      expect((await becomeCourier(party)).statusCode).toBe(200);
      const before = await snapshot(ctx);
      const res = await claim(party, d.delivery.delivery_id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You cannot carry your own order: another courier delivers what you buy or sell.',
        code: 'own_order',
      });
      expect(await snapshot(ctx)).toEqual(before);
    }
    // Anyone else who carries deliveries may.
    const other = await courier(ctx);
    expect((await claim(other, d.delivery.delivery_id)).statusCode).toBe(200);
  });
});

describe('device times', () => {
  const pickUp = async (deviceTime: string) => {
    const d = await unassignedDelivery(ctx);
    const jace = await courier(ctx);
    expect((await claim(jace, d.delivery.delivery_id)).statusCode).toBe(200);
    const moved = await as(ctx, jace).put(url(d.delivery.delivery_id), {
      delivery_status: 'Picked Up',
      device_time: deviceTime,
    });
    // A move is never refused for its time: an offline courier's PICKED UP must land.
    expect(moved.statusCode).toBe(200);
    expect(moved.json().delivery_status).toBe('Picked Up');
    const events = await as(ctx, d.buyer).get(`${url(d.delivery.delivery_id)}/events`);
    return { created: d.delivery.timestamp, event: events.json().at(-1) };
  };

  it('stores a time before the delivery was made as the moment it was made, marked adjusted', async () => {
    const { created, event } = await pickUp('1999-01-01T00:00:00.000Z');
    expect(event).toMatchObject({ device_at: created, device_at_adjusted: 1 });
  });

  it('stores a time from the future as the server’s clock plus two minutes, marked adjusted', async () => {
    const before = Date.now();
    const { event } = await pickUp('2099-01-01T00:00:00.000Z');
    const stored = Date.parse(event.device_at);
    expect(event.device_at_adjusted).toBe(1);
    expect(stored).toBeGreaterThanOrEqual(before + DEVICE_TIME_AHEAD_MS);
    expect(stored).toBeLessThanOrEqual(Date.now() + DEVICE_TIME_AHEAD_MS);
  });

  it('keeps a time within the delivery’s life as sent (a phone a minute ahead too)', async () => {
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const { event } = await pickUp(ahead);
    expect(event).toMatchObject({ device_at: ahead, device_at_adjusted: 0 });
  });
});

describe("a courier position's time", () => {
  it('is replaced by the server’s when it is from the future or over an hour old', async () => {
    const d = await unassignedDelivery(ctx);
    const jace = await courier(ctx);
    await claim(jace, d.delivery.delivery_id);
    const share = (at: string) =>
      as(ctx, jace).post(`${url(d.delivery.delivery_id)}/position`, {
        lat: 37.7221,
        lng: -122.4781,
        at,
      });
    for (const at of ['1999-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z']) {
      const before = Date.now();
      const res = await share(at);
      expect(res.statusCode).toBe(200);
      const stored = Date.parse(res.json().at);
      expect(stored).toBeGreaterThanOrEqual(before);
      expect(stored).toBeLessThanOrEqual(Date.now());
      const read = await as(ctx, d.buyer).get(`${url(d.delivery.delivery_id)}/position`);
      expect(read.json().at).toBe(res.json().at);
    }
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    expect((await share(tenMinutesAgo)).json().at).toBe(tenMinutesAgo);
  });
});

/**
 * Waits until an on-shift courier's stream heard of a new delivery in the pool (whole: they may
 * see it) and, a moment later, of the notification; answers how many events it had by then.
 */
async function heardInPool(stream: SseConnection, id: number) {
  await stream.next(
    'delivery.updated',
    (d: { delivery?: { delivery_id: number } }) => d.delivery?.delivery_id === id,
  );
  // ...and it is in their notification centre ("New delivery available").
  await stream.next('notification.created');
  return stream.events.length;
}

/**
 * Once the buyer heard the delivery reach `status`, all the courier's stream heard since `seen`
 * is that it left the pool.
 */
async function heardOnlyRemoved(
  buyerStream: SseConnection,
  status: string,
  stream: SseConnection,
  id: number,
  seen: number,
) {
  await buyerStream.next(
    'delivery.updated',
    (d: { delivery?: { delivery_status: string } }) => d.delivery?.delivery_status === status,
  );
  // The buyer's last event is behind the courier's: had they been sent anything more, it is here.
  await stream.next('delivery.removed');
  expect(stream.events.slice(seen)).toEqual([
    { event: 'delivery.removed', data: { delivery_id: id }, id: expect.any(String) },
  ]);
}

describe('the pool', () => {
  it('tells other on-shift couriers only that a claimed delivery left, and nothing of its progress', async () => {
    const p = await parties(ctx);
    const jace = await courier(ctx);
    const tom = await courier(ctx);
    for (const c of [jace, tom]) expect((await becomeCourier(c)).statusCode).toBe(200);
    const tomStream = await streams.open(tom.cookie);
    const buyerStream = await streams.open(p.buyer.cookie);
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    const id = delivery.delivery_id;
    // A new delivery in the pool: every on-shift courier may see it whole.
    const seenBefore = await heardInPool(tomStream, id);

    expect((await claim(jace, id)).statusCode).toBe(200);
    for (const status of ['Picked Up', 'Delivered']) {
      expect((await as(ctx, jace).put(url(id), { delivery_status: status })).statusCode).toBe(200);
    }
    await heardOnlyRemoved(buyerStream, 'Delivered', tomStream, id, seenBefore);
    expect(JSON.stringify(tomStream.events.slice(seenBefore))).not.toContain('At the counter');
  });

  it('tells on-shift couriers only that a delivery its buyer cancelled left the pool', async () => {
    const p = await parties(ctx);
    const tom = await courier(ctx);
    expect((await becomeCourier(tom)).statusCode).toBe(200);
    const tomStream = await streams.open(tom.cookie);
    const buyerStream = await streams.open(p.buyer.cookie);
    const request = await requestDelivery(ctx, p);
    const id = (await acceptRequest(ctx, p, request.delivery_request_id)).delivery_id;
    const seenBefore = await heardInPool(tomStream, id);

    const cancelled = await as(ctx, p.buyer).put(url(id), {
      delivery_status: 'Cancelled',
      reason: 'Bought one at the bookstore',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await heardOnlyRemoved(buyerStream, 'Cancelled', tomStream, id, seenBefore);
  });

  it('shows a delivery given back to every on-shift courier again', async () => {
    const d = await unassignedDelivery(ctx);
    const jace = await courier(ctx);
    const tom = await signedInUser(ctx, { is_courier: 1 });
    expect((await becomeCourier(tom)).statusCode).toBe(200);
    const tomStream = await streams.open(tom.cookie);
    await claim(jace, d.delivery.delivery_id);
    await as(ctx, jace).put(url(d.delivery.delivery_id), {
      delivery_status: 'Unassigned',
      courier_id: null,
    });
    const back = await tomStream.next(
      'delivery.updated',
      (e: { delivery?: { delivery_status: string } }) =>
        e.delivery?.delivery_status === 'Unassigned',
    );
    expect(back.data).toMatchObject({ delivery: { delivery_id: d.delivery.delivery_id } });
  });
});
