import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { unassignedDelivery } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

let ctx: TestContext;
let jace: Actor;
let tom: Actor;
let waiting: Awaited<ReturnType<typeof unassignedDelivery>>;
let taken: Awaited<ReturnType<typeof unassignedDelivery>>;
/** When the phone says it was picked up: during the delivery's life, so stored as sent. */
let pickedUpOnPhone: string;

const url = (d: { delivery_id: number }) => `/api/delivery_instruction/${d.delivery_id}`;
const ids = (res: { json: () => DeliveryInstruction[] }) => res.json().map((d) => d.delivery_id);

beforeAll(async () => {
  ctx = await createTestApp();
  jace = await signedInUser(ctx, { is_courier: 1, username: 'jace_r', first_name: 'Jace' });
  tom = await signedInUser(ctx, { is_courier: 1, username: 'tom_r', first_name: 'Tommaso' });
  waiting = await unassignedDelivery(ctx);
  taken = await unassignedDelivery(ctx);
  await as(ctx, jace).put(url(taken.delivery), {
    courier_id: jace.user.user_id,
    delivery_status: 'Assigned',
  });
  pickedUpOnPhone = new Date().toISOString();
  await as(ctx, jace).put(url(taken.delivery), {
    delivery_status: 'Picked Up',
    device_time: pickedUpOnPhone,
  });
});
afterAll(async () => ctx.close());

describe('GET /api/delivery_instruction', () => {
  it('gives each caller only the deliveries they buy, sell or carry', async () => {
    expect(ids(await as(ctx, waiting.buyer).get('/api/delivery_instruction'))).toEqual([
      waiting.delivery.delivery_id,
    ]);
    expect(ids(await as(ctx, taken.vendor).get('/api/delivery_instruction'))).toEqual([
      taken.delivery.delivery_id,
    ]);
    expect(ids(await as(ctx, jace).get('/api/delivery_instruction'))).toEqual([
      taken.delivery.delivery_id,
    ]);
    expect(ids(await as(ctx, tom).get('/api/delivery_instruction'))).toEqual([]);
    expect(ids(await as(ctx, waiting.stranger).get('/api/delivery_instruction'))).toEqual([]);
    expect((await as(ctx).get('/api/delivery_instruction')).statusCode).toBe(401);
  });

  it('tells the buyer alone the first name of the courier who holds their order', async () => {
    const bought = await as(ctx, taken.buyer).get('/api/delivery_instruction');
    expect(bought.json()[0]).toMatchObject({
      courier_first_name: jace.user.first_name,
      courier_gave_up: 0,
    });
    const [waitingOrder] = (await as(ctx, waiting.buyer).get('/api/delivery_instruction')).json();
    expect(waitingOrder).toMatchObject({ courier_first_name: null, courier_gave_up: 0 });
    for (const reader of [taken.vendor, jace]) {
      const [seen] = (await as(ctx, reader).get('/api/delivery_instruction')).json();
      expect(seen).not.toHaveProperty('courier_first_name');
      expect(seen).not.toHaveProperty('courier_gave_up');
    }
    const one = (await as(ctx, taken.buyer).get(url(taken.delivery))).json();
    expect(one).not.toHaveProperty('courier_first_name');
  });
});

describe('courier lists', () => {
  it('GET /api/delivery_instruction/courier/unassigned is the pool, for couriers only', async () => {
    const pool = await as(ctx, tom).get('/api/delivery_instruction/courier/unassigned');
    expect(pool.statusCode).toBe(200);
    expect(ids(pool)).toEqual([waiting.delivery.delivery_id]);
    expect(pool.json()[0]).toMatchObject({
      delivery_status: 'Unassigned',
      courier_id: null,
      pickup: 'Cafe 101',
      dropoff: 'Library',
      title: expect.any(String),
    });
    const notCourier = await as(ctx, waiting.buyer).get(
      '/api/delivery_instruction/courier/unassigned',
    );
    expect(notCourier.statusCode).toBe(403);
    expect((await as(ctx).get('/api/delivery_instruction/courier/unassigned')).statusCode).toBe(
      401,
    );
  });

  it('GET /api/delivery_instruction/courier/{id} lists the courier’s own deliveries', async () => {
    const own = await as(ctx, jace).get(`/api/delivery_instruction/courier/${jace.user.user_id}`);
    expect(ids(own)).toEqual([taken.delivery.delivery_id]);
    expect(own.json()[0].delivery_status).toBe('Picked Up');
    const spying = await as(ctx, tom).get(`/api/delivery_instruction/courier/${jace.user.user_id}`);
    expect(spying.statusCode).toBe(403);
    expect(
      (await as(ctx).get(`/api/delivery_instruction/courier/${jace.user.user_id}`)).statusCode,
    ).toBe(401);
    expect((await as(ctx, jace).get('/api/delivery_instruction/courier/me')).statusCode).toBe(400);
  });
});

describe('GET /api/delivery_instruction/{id}', () => {
  it('shows an unassigned delivery to its parties and to any courier', async () => {
    for (const reader of [waiting.buyer, waiting.vendor, jace, tom]) {
      const res = await as(ctx, reader).get(url(waiting.delivery));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        delivery_id: waiting.delivery.delivery_id,
        courier_id: null,
        delivery_status: 'Unassigned',
        pickup: 'Cafe 101',
        dropoff: 'Library',
        listing_id: waiting.listing_id,
      });
    }
    expect((await as(ctx, waiting.stranger).get(url(waiting.delivery))).statusCode).toBe(403);
    expect((await as(ctx).get(url(waiting.delivery))).statusCode).toBe(401);
  });

  it('shows a taken delivery to its parties and its courier only', async () => {
    for (const reader of [taken.buyer, taken.vendor, jace]) {
      expect((await as(ctx, reader).get(url(taken.delivery))).statusCode).toBe(200);
    }
    expect((await as(ctx, tom).get(url(taken.delivery))).statusCode).toBe(403);
    expect((await as(ctx, taken.stranger).get(url(taken.delivery))).statusCode).toBe(403);
  });

  it('answers 404 for an unknown delivery and 400 for a malformed id', async () => {
    expect((await as(ctx, jace).get('/api/delivery_instruction/999999')).statusCode).toBe(404);
    expect((await as(ctx, jace).get('/api/delivery_instruction/1e3')).statusCode).toBe(400);
  });
});

describe('GET /api/delivery_instruction/{id}/events', () => {
  it('lists the status changes with server and device times to the parties', async () => {
    const res = await as(ctx, taken.buyer).get(`${url(taken.delivery)}/events`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        delivery_status: 'Assigned',
        courier_id: jace.user.user_id,
        actor_id: jace.user.user_id,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        device_at: null,
        device_at_adjusted: 0,
      },
      {
        delivery_status: 'Picked Up',
        courier_id: jace.user.user_id,
        actor_id: jace.user.user_id,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        device_at: pickedUpOnPhone,
        device_at_adjusted: 0,
      },
    ]);
    expect((await as(ctx, tom).get(`${url(taken.delivery)}/events`)).statusCode).toBe(403);
    expect((await as(ctx).get(`${url(taken.delivery)}/events`)).statusCode).toBe(401);
    const none = await as(ctx, waiting.vendor).get(`${url(waiting.delivery)}/events`);
    expect(none.json()).toEqual([]);
  });
});

// Last: it gives the couriers more deliveries than the lists above expect.
describe('a courier who gives an order up', () => {
  it('tells the buyer when a courier gave their order up, and names the next one', async () => {
    const given = await unassignedDelivery(ctx);
    const mine = async () =>
      (await as(ctx, given.buyer).get('/api/delivery_instruction')).json()[0];
    await as(ctx, tom).put(url(given.delivery), {
      courier_id: tom.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(await mine()).toMatchObject({ courier_first_name: tom.user.first_name });
    const gaveUp = await as(ctx, tom).put(url(given.delivery), {
      courier_id: null,
      delivery_status: 'Unassigned',
    });
    expect(gaveUp.statusCode).toBe(200);
    expect(await mine()).toMatchObject({
      delivery_status: 'Unassigned',
      courier_first_name: null,
      courier_gave_up: 1,
    });
    await as(ctx, jace).put(url(given.delivery), {
      courier_id: jace.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(await mine()).toMatchObject({
      courier_first_name: jace.user.first_name,
      courier_gave_up: 1,
    });
  });
});
