import { describe, expect, it } from 'vitest';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { courier, unassignedDelivery } from '../data.js';
import { appForFile, as, expectRefusedUntouched, type Actor } from '../harness.js';

const ctx = await appForFile();
const jace = await courier(ctx, 'jace_c');
const tom = await courier(ctx, 'tom_c');

const url = (d: { delivery_id: number }) => `/api/delivery_instruction/${d.delivery_id}`;
const claim = (who: Actor) => ({ courier_id: who.user.user_id, delivery_status: 'Assigned' });
const move = (who: Actor, d: { delivery_id: number }, delivery_status: string) =>
  as(ctx, who).put(url(d), { delivery_status });

/** Sends a move that must be refused with `status`, and shows nothing changed. */
const expectRefused = (send: ReturnType<ReturnType<typeof as>['put']>, status: number) =>
  expectRefusedUntouched(ctx, send, status);

describe('claiming (Unassigned -> Assigned)', () => {
  it('lets a courier claim an unassigned delivery', async () => {
    const s = await unassignedDelivery(ctx);
    const res = await as(ctx, jace).put(url(s.delivery), claim(jace));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      delivery_id: s.delivery.delivery_id,
      courier_id: jace.user.user_id,
      delivery_status: 'Assigned',
    });
    // A repeat (an offline replay) is harmless.
    expect((await as(ctx, jace).put(url(s.delivery), claim(jace))).statusCode).toBe(200);
    // The courier id may be left out: it comes from the session.
    const other = await unassignedDelivery(ctx);
    const bare = await move(tom, other.delivery, 'Assigned');
    expect(bare.json().courier_id).toBe(tom.user.user_id);
  });

  it('refuses visitors, non-couriers and claims made for someone else', async () => {
    const s = await unassignedDelivery(ctx);
    await expectRefused(as(ctx).put(url(s.delivery), claim(jace)), 401);
    await expectRefused(as(ctx, s.buyer).put(url(s.delivery), claim(s.buyer)), 403);
    await expectRefused(as(ctx, s.vendor).put(url(s.delivery), claim(s.vendor)), 403);
    await expectRefused(as(ctx, tom).put(url(s.delivery), claim(jace)), 403);
  });

  it('answers a courier who comes second with 409', async () => {
    const s = await unassignedDelivery(ctx);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    await expectRefused(as(ctx, tom).put(url(s.delivery), claim(tom)), 409);
  });

  it('of two couriers claiming at once, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await unassignedDelivery(ctx);
      const results = await Promise.all([
        as(ctx, jace).put(url(s.delivery), claim(jace)),
        as(ctx, tom).put(url(s.delivery), claim(tom)),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect([...codes].sort()).toEqual([200, 409]);
      const winner = codes[0] === 200 ? jace : tom;
      const stored = await as(ctx, winner).get(url(s.delivery));
      expect(stored.json().courier_id).toBe(winner.user.user_id);
      const events = await as(ctx, winner).get(`${url(s.delivery)}/events`);
      expect(events.json()).toHaveLength(1);
    }
  });
});

describe('progress (Assigned -> Picked Up -> Delivered)', () => {
  it('moves forward one step at a time; repeats are 200', async () => {
    const s = await unassignedDelivery(ctx);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    for (const status of ['Picked Up', 'Picked Up', 'Delivered', 'Delivered']) {
      const res = await move(jace, s.delivery, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ delivery_status: status, courier_id: jace.user.user_id });
    }
  });

  it('refuses skipping a step or going back with 409', async () => {
    const s = await unassignedDelivery(ctx);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    await expectRefused(move(jace, s.delivery, 'Delivered'), 409);
    await move(jace, s.delivery, 'Picked Up');
    await expectRefused(move(jace, s.delivery, 'Assigned'), 409);
    await move(jace, s.delivery, 'Delivered');
    await expectRefused(move(jace, s.delivery, 'Picked Up'), 409);
    await expectRefused(move(jace, s.delivery, 'Assigned'), 409);
    await expectRefused(
      as(ctx, jace).put(url(s.delivery), { delivery_status: 'Unassigned', courier_id: null }),
      409,
    );
  });

  it('lets only the assigned courier move it', async () => {
    const s = await unassignedDelivery(ctx);
    await expectRefused(move(jace, s.delivery, 'Picked Up'), 403);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    await expectRefused(move(tom, s.delivery, 'Picked Up'), 403);
    await expectRefused(move(s.vendor, s.delivery, 'Picked Up'), 403);
    await expectRefused(move(s.buyer, s.delivery, 'Delivered'), 403);
    await expectRefused(move(s.stranger, s.delivery, 'Picked Up'), 403);
    await expectRefused(as(ctx).put(url(s.delivery), { delivery_status: 'Picked Up' }), 401);
    const forged = { delivery_status: 'Picked Up', courier_id: tom.user.user_id };
    await expectRefused(as(ctx, jace).put(url(s.delivery), forged), 403);
  });
});

describe('giving up (Assigned -> Unassigned)', () => {
  const giveUp = { delivery_status: 'Unassigned', courier_id: null };

  it('returns the delivery to the pool while Assigned', async () => {
    const s = await unassignedDelivery(ctx);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    const res = await as(ctx, jace).put(url(s.delivery), giveUp);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ delivery_status: 'Unassigned', courier_id: null });
    // Pressing it twice is a harmless repeat.
    expect((await as(ctx, jace).put(url(s.delivery), giveUp)).statusCode).toBe(200);
    const pool = await as(ctx, tom).get('/api/delivery_instruction/courier/unassigned');
    expect(pool.json().map((d: DeliveryInstruction) => d.delivery_id)).toContain(
      s.delivery.delivery_id,
    );
    expect((await as(ctx, tom).put(url(s.delivery), claim(tom))).statusCode).toBe(200);
  });

  it('is refused after pick-up (409) and for anyone but the assigned courier (403)', async () => {
    const s = await unassignedDelivery(ctx);
    await as(ctx, jace).put(url(s.delivery), claim(jace));
    await expectRefused(as(ctx, tom).put(url(s.delivery), giveUp), 403);
    await expectRefused(as(ctx, s.vendor).put(url(s.delivery), giveUp), 403);
    await expectRefused(
      as(ctx, jace).put(url(s.delivery), { ...giveUp, courier_id: jace.user.user_id }),
      400,
    );
    await move(jace, s.delivery, 'Picked Up');
    await expectRefused(as(ctx, jace).put(url(s.delivery), giveUp), 409);
  });
});

describe('PUT /api/delivery_instruction/{id} input', () => {
  it.each([
    ['an unknown status', { delivery_status: 'Lost' }],
    ['a status in the wrong case', { delivery_status: 'picked up' }],
    ['a missing status', { courier_id: 1 }],
    ['a courier id in exponent notation', { delivery_status: 'Assigned', courier_id: '1e0' }],
    ['an extra field', { delivery_status: 'Assigned', pickup: 'Library' }],
    ['a device time that is not a date', { delivery_status: 'Assigned', device_time: 'soon' }],
  ])('refuses %s with 400', async (_label, body) => {
    const s = await unassignedDelivery(ctx);
    await expectRefused(as(ctx, jace).put(url(s.delivery), body), 400);
  });

  it('refuses malformed JSON with 400 and an unknown delivery with 404', async () => {
    const s = await unassignedDelivery(ctx);
    await expectRefused(
      as(ctx, jace).raw({
        method: 'PUT',
        url: url(s.delivery),
        payload: "{delivery_status: 'Assigned'}",
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    await expectRefused(as(ctx, jace).put('/api/delivery_instruction/999999', claim(jace)), 404);
  });
});
