/**
 * Ways out of a delivery: the buyer cancels a Pending request or a delivery before pick-up, the
 * courier returns an item after pick-up with a reason; each move only by whom it belongs to.
 */
import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_BUYER_MESSAGE, RETURN_REASONS } from '#shared/handover.js';
import {
  courier as newCourier,
  moveAlong,
  parties,
  requestDelivery,
  unassignedDelivery,
} from '../data.js';
import { as, expectRefusedUntouched, listeningAppForFile, type Actor } from '../harness.js';
import { setShift } from '../notify-support.js';

const { ctx, streams } = await listeningAppForFile();
const jace = await newCourier(ctx, 'jace_w');
const tom = await newCourier(ctx, 'tom_w');
await setShift(ctx, jace, true);

const url = (d: { delivery_id: number }) => `/api/delivery_instruction/${d.delivery_id}`;
const requestUrl = (r: { delivery_request_id: number }) =>
  `/api/delivery_request/${r.delivery_request_id}`;
const cancel = { delivery_status: 'Cancelled', reason: 'Found one nearer' };

const expectRefused = (send: ReturnType<ReturnType<typeof as>['put']>, status: number) =>
  expectRefusedUntouched(ctx, send, status);

const alreadyAsked = async (buyer: Actor, listingId: number) =>
  (
    await as(ctx, buyer).get(
      `/api/delivery_request/listing-buyer?userId=${buyer.user.user_id}&listingId=${listingId}`,
    )
  ).json().length > 0;

const askAgain = (p: Awaited<ReturnType<typeof parties>>) =>
  as(ctx, p.buyer).post('/api/delivery_request', {
    buyer_id: p.buyer.user.user_id,
    vendor_id: p.vendor.user.user_id,
    listing_id: p.listing_id,
    dropoff: 'Annex 1',
  });

describe('the buyer cancels a Pending request', () => {
  it('takes it off the vendor list; it no longer counts as "Request Already Sent"', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const vendorList = `/api/delivery_request/vendor/${p.vendor.user.user_id}`;
    expect((await as(ctx, p.vendor).get(vendorList)).json()).toHaveLength(1);

    const res = await as(ctx, p.buyer).put(requestUrl(request), {
      status: 'Cancelled',
      reason: 'Changed my mind',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', cancel_reason: 'Changed my mind' });
    expect((await as(ctx, p.vendor).get(vendorList)).json()).toEqual([]);
    expect(await alreadyAsked(p.buyer, p.listing_id)).toBe(false);
    // A repeat is harmless; asking again is allowed, and counts again.
    expect(
      (await as(ctx, p.buyer).put(requestUrl(request), { status: 'Cancelled' })).statusCode,
    ).toBe(200);
    const again = await askAgain(p);
    expect(again.statusCode, again.body).toBe(201);
    expect(await alreadyAsked(p.buyer, p.listing_id)).toBe(true);
    expect((await askAgain(p)).json().message).toBe('Request Already Sent');
  });

  it('is the buyer’s alone, and only while Pending', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    await expectRefused(as(ctx).put(requestUrl(request), { status: 'Cancelled' }), 401);
    for (const who of [p.vendor, p.stranger, jace])
      await expectRefused(as(ctx, who).put(requestUrl(request), { status: 'Cancelled' }), 403);
    // Declining stays the vendor's.
    await expectRefused(as(ctx, p.buyer).put(requestUrl(request), { status: 'Denied' }), 403);
    // A reason goes with a cancellation only.
    await expectRefused(
      as(ctx, p.vendor).put(requestUrl(request), { status: 'Denied', reason: 'No' }),
      400,
    );
    await expectRefused(
      as(ctx, p.buyer).put(requestUrl(request), { status: 'Cancelled', reason: 'x'.repeat(501) }),
      400,
    );

    await as(ctx, p.vendor).put(requestUrl(request), { status: 'Denied' });
    await expectRefused(as(ctx, p.buyer).put(requestUrl(request), { status: 'Cancelled' }), 409);

    const accepted = await unassignedDelivery(ctx);
    const refused = await expectRefused(
      as(ctx, accepted.buyer).put(requestUrl(accepted.request), { status: 'Cancelled' }),
      409,
    );
    expect(JSON.parse(refused.body).message).toMatch(/cancel its delivery/);
  });

  it('leaves the vendor nothing to accept or decline', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    await as(ctx, p.buyer).put(requestUrl(request), { status: 'Cancelled' });
    const accept = await expectRefused(
      as(ctx, p.vendor).post(
        `/api/delivery_instruction/request/accept/${request.delivery_request_id}`,
        {
          pickup: 'Quickly',
        },
      ),
      409,
    );
    expect(JSON.parse(accept.body).message).toBe('The buyer cancelled this request.');
    await expectRefused(as(ctx, p.vendor).put(requestUrl(request), { status: 'Denied' }), 409);
  });
});

describe('the buyer cancels a delivery before pick-up', () => {
  it('cancels an Unassigned delivery: it leaves the pool and the request ends with it', async () => {
    const s = await unassignedDelivery(ctx);
    const res = await as(ctx, s.buyer).put(url(s.delivery), cancel);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      delivery_status: 'Cancelled',
      courier_id: null,
      cancel_reason: 'Found one nearer',
    });
    const pool = (await as(ctx, jace).get('/api/delivery_instruction/courier/unassigned')).json();
    expect(pool.map((d: { delivery_id: number }) => d.delivery_id)).not.toContain(
      s.delivery.delivery_id,
    );
    const requests = (await as(ctx, s.buyer).get('/api/delivery_request')).json();
    expect(
      requests.find(
        (r: { delivery_request_id: number }) =>
          r.delivery_request_id === s.request.delivery_request_id,
      ),
    ).toMatchObject({ status: 'Cancelled', cancel_reason: 'Found one nearer' });
    expect(await alreadyAsked(s.buyer, s.listing_id)).toBe(false);
    expect((await as(ctx, s.buyer).put(url(s.delivery), cancel)).statusCode).toBe(200);
    // Nobody can claim it any more.
    const claim = await expectRefused(
      as(ctx, tom).put(url(s.delivery), { delivery_status: 'Assigned' }),
      409,
    );
    expect(JSON.parse(claim.body).message).toBe(CANCELLED_BY_BUYER_MESSAGE);
  });

  it('tells the courier of an Assigned delivery at once; they can no longer move it', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned']);
    await as(ctx, jace).post(`${url(s.delivery)}/position`, { lat: 37.7221, lng: -122.4781 });
    const told = await streams.open(jace.cookie);

    const res = await as(ctx, s.buyer).put(url(s.delivery), { delivery_status: 'Cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    // The courier keeps it in their history, marked cancelled.
    expect(res.json()).toMatchObject({
      delivery_status: 'Cancelled',
      courier_id: jace.user.user_id,
    });
    const event = await told.next(
      'delivery.updated',
      (d: { delivery?: { delivery_id: number; delivery_status: string } }) =>
        d.delivery?.delivery_id === s.delivery.delivery_id &&
        d.delivery.delivery_status === 'Cancelled',
    );
    expect(event.data).toMatchObject({ delivery: { courier_id: jace.user.user_id } });
    // Their position is no longer kept.
    expect((await as(ctx, s.buyer).get(`${url(s.delivery)}/position`)).json()).toBeNull();

    for (const [status, body] of [
      ['Picked Up', { delivery_status: 'Picked Up' }],
      ['Unassigned', { delivery_status: 'Unassigned', courier_id: null }],
    ] as const) {
      const refused = await expectRefused(as(ctx, jace).put(url(s.delivery), body), 409);
      expect(JSON.parse(refused.body).message, status).toBe(CANCELLED_BY_BUYER_MESSAGE);
    }
    expect((await as(ctx, jace).get(url(s.delivery))).json().delivery_status).toBe('Cancelled');
  });

  it('is refused after pick-up with 409', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
    const res = await expectRefused(as(ctx, s.buyer).put(url(s.delivery), cancel), 409);
    expect(JSON.parse(res.body).message).toMatch(/picked this item up already/);
    await moveAlong(ctx, jace, s.delivery, ['Delivered']);
    await expectRefused(as(ctx, s.buyer).put(url(s.delivery), cancel), 409);
  });

  it('is the buyer’s alone', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned']);
    await expectRefused(as(ctx).put(url(s.delivery), cancel), 401);
    for (const who of [s.vendor, s.stranger, jace, tom])
      await expectRefused(as(ctx, who).put(url(s.delivery), cancel), 403);
  });
});

describe('the courier returns an item after pick-up', () => {
  it('takes a required reason; buyer and vendor see it; the listing stays for sale', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
    await expectRefused(as(ctx, jace).put(url(s.delivery), { delivery_status: 'Returned' }), 400);
    await expectRefused(
      as(ctx, jace).put(url(s.delivery), { delivery_status: 'Returned', reason: 'bored' }),
      400,
    );
    const res = await as(ctx, jace).put(url(s.delivery), {
      delivery_status: 'Returned',
      reason: 'buyer_not_there',
      note: 'Waited 10 minutes at the Library door',
      device_time: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      delivery_status: 'Returned',
      courier_id: jace.user.user_id,
      return_reason: 'buyer_not_there',
      return_note: 'Waited 10 minutes at the Library door',
    });
    for (const who of [s.buyer, s.vendor]) {
      const seen = (await as(ctx, who).get(url(s.delivery))).json();
      expect(seen).toMatchObject({ delivery_status: 'Returned', return_reason: 'buyer_not_there' });
    }
    const listing = (await as(ctx).get(`/api/listing/${s.listing_id}`)).json()[0];
    expect(listing).toMatchObject({ listing_status: 'Active', availability: 'In Stock' });
    // The buyer may ask again; a repeat of the return is harmless.
    expect(await alreadyAsked(s.buyer, s.listing_id)).toBe(false);
    expect(
      (await as(ctx, jace).put(url(s.delivery), { delivery_status: 'Returned', reason: 'other' }))
        .statusCode,
    ).toBe(200);
    expect((await askAgain(s)).statusCode).toBe(201);
  });

  it('accepts every reason of the list, in any letter case', async () => {
    for (const reason of RETURN_REASONS) {
      const s = await unassignedDelivery(ctx);
      await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
      const res = await as(ctx, jace).put(url(s.delivery), {
        delivery_status: 'Returned',
        reason: ` ${reason.toUpperCase()} `,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().return_reason).toBe(reason);
    }
  });

  it('is refused before pick-up (409), and to anyone but the assigned courier (403)', async () => {
    const s = await unassignedDelivery(ctx);
    const back = { delivery_status: 'Returned', reason: 'item_damaged' };
    await expectRefused(as(ctx, jace).put(url(s.delivery), back), 403);
    await moveAlong(ctx, jace, s.delivery, ['Assigned']);
    const early = await expectRefused(as(ctx, jace).put(url(s.delivery), back), 409);
    expect(JSON.parse(early.body).message).toMatch(/picked up/);
    await moveAlong(ctx, jace, s.delivery, ['Picked Up']);
    await expectRefused(as(ctx).put(url(s.delivery), back), 401);
    for (const who of [s.buyer, s.vendor, s.stranger, tom])
      await expectRefused(as(ctx, who).put(url(s.delivery), back), 403);
    await moveAlong(ctx, jace, s.delivery, ['Delivered']);
    await expectRefused(as(ctx, jace).put(url(s.delivery), back), 409);
  });

  it('refuses a reason or a note with another move', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned']);
    await expectRefused(
      as(ctx, jace).put(url(s.delivery), { delivery_status: 'Picked Up', reason: 'other' }),
      400,
    );
    await expectRefused(
      as(ctx, jace).put(url(s.delivery), { delivery_status: 'Picked Up', note: 'hi' }),
      400,
    );
  });
});
