/**
 * One item, one sale: accepting one buyer's request declines the others ("Sold to another
 * buyer", told to them live), no second accept can start while a delivery of the listing is
 * under way (409 listing_taken), even when two arrive at once, and the listing cannot be made
 * Active again meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { SOLD_TO_ANOTHER_BUYER } from '#shared/delivery.js';
import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import { courier, listingOf } from '../data.js';
import { as, countWhere, listeningAppForFile, signedInUser, type Actor } from '../harness.js';

const { ctx, streams } = await listeningAppForFile();

/** A seller's listing and `n` buyers who each asked for its delivery. */
async function wanted(n: number) {
  const seller = await signedInUser(ctx);
  const { listing_id } = await listingOf(ctx, seller);
  const buyers: Actor[] = [];
  const requests: DeliveryRequest[] = [];
  for (let i = 0; i < n; i++) {
    const buyer = await signedInUser(ctx);
    buyers.push(buyer);
    requests.push(await ask(buyer, seller, listing_id));
  }
  return { seller, listing_id, buyers, requests };
}

async function ask(buyer: Actor, seller: Actor, listingId: number): Promise<DeliveryRequest> {
  const res = await as(ctx, buyer).post('/api/delivery_request', {
    buyer_id: buyer.user.user_id,
    vendor_id: seller.user.user_id,
    listing_id: listingId,
    dropoff: 'Library',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const accept = (seller: Actor, request: DeliveryRequest) =>
  as(ctx, seller).post(`/api/delivery_instruction/request/accept/${request.delivery_request_id}`, {
    pickup: 'Cafe 101',
  });

const countDeliveries = (listingId: number) =>
  countWhere(ctx, 'delivery_instructions', 'listing_id', listingId);

describe('accepting one buyer', () => {
  it('declines the other pending requests as sold to another buyer, and tells those buyers', async () => {
    const { seller, listing_id, buyers, requests } = await wanted(3);
    const others = [];
    for (const buyer of buyers.slice(1)) others.push(await streams.open(buyer.cookie));
    expect((await accept(seller, requests[0]!)).statusCode).toBe(201);
    for (const [i, conn] of others.entries()) {
      const told = await conn.next(
        'delivery.updated',
        (d: { request?: DeliveryRequest }) =>
          d.request?.delivery_request_id === requests[i + 1]!.delivery_request_id,
      );
      expect(told.data).toMatchObject({
        request: { status: 'Denied', decline_reason: SOLD_TO_ANOTHER_BUYER },
      });
    }
    const mine = await as(ctx, buyers[1]!).get('/api/delivery_request');
    expect(mine.json()).toEqual([
      expect.objectContaining({
        listing_id,
        status: 'Denied',
        decline_reason: 'Sold to another buyer',
      }),
    ]);
    const first = await as(ctx, buyers[0]!).get('/api/delivery_request');
    expect(first.json()[0]).toMatchObject({ status: 'Approved', decline_reason: null });
    // Gone from the seller's list, which holds only what is still Pending.
    const list = await as(ctx, seller).get(`/api/delivery_request/vendor/${seller.user.user_id}`);
    expect(list.json()).toEqual([]);
  });

  it('refuses to accept another request while the delivery is under way (409 listing_taken)', async () => {
    const { seller, listing_id, requests } = await wanted(2);
    expect((await accept(seller, requests[0]!)).statusCode).toBe(201);
    for (const refused of [
      await accept(seller, requests[1]!),
      // A buyer who asks after the sale gets a request, but no second delivery.
      await accept(seller, await ask(await signedInUser(ctx), seller, listing_id)),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('listing_taken');
    }
    expect(await countDeliveries(listing_id)).toBe(1);
  });

  it('makes one delivery of two requests accepted at once', async () => {
    const { seller, listing_id, requests } = await wanted(2);
    const answers = await Promise.all(requests.map((r) => accept(seller, r)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('listing_taken');
    expect(await countDeliveries(listing_id)).toBe(1);
  });

  it('accepts again once the delivery is finished', async () => {
    const { seller, listing_id, requests } = await wanted(1);
    const delivery = (await accept(seller, requests[0]!)).json();
    const jace = await courier(ctx);
    const move = (body: object) =>
      as(ctx, jace).put(`/api/delivery_instruction/${delivery.delivery_id}`, body);
    await move({ courier_id: jace.user.user_id, delivery_status: 'Assigned' });
    await move({ delivery_status: 'Picked Up' });
    expect((await move({ delivery_status: 'Delivered' })).statusCode).toBe(200);
    const later = await ask(await signedInUser(ctx), seller, listing_id);
    expect((await accept(seller, later)).statusCode).toBe(201);
  });
});

describe('making a listing Active again', () => {
  it('is refused while a delivery of it is under way, and allowed once it is finished', async () => {
    const { seller, listing_id, requests } = await wanted(1);
    const put = (body: object) => as(ctx, seller).put(`/api/listing/${listing_id}`, body);
    expect((await put({ listing_status: 'Sold' })).statusCode).toBe(200);
    const delivery = (await accept(seller, requests[0]!)).json();
    const refused = await put({ listing_status: 'Active', availability: 'In Stock' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('listing_taken');
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).json()[0].listing_status).toBe('Sold');

    const jace = await courier(ctx);
    const move = (body: object) =>
      as(ctx, jace).put(`/api/delivery_instruction/${delivery.delivery_id}`, body);
    await move({ courier_id: jace.user.user_id, delivery_status: 'Assigned' });
    await move({ delivery_status: 'Picked Up' });
    await move({ delivery_status: 'Delivered' });
    expect((await put({ listing_status: 'Active' })).statusCode).toBe(200);
  });
});

describe('a sale that falls through', () => {
  it.each(['Cancelled', 'Returned'] as const)(
    'ends with a delivery %s: the listing can be Active again, the buyers told it was sold may ask again, and a new request is accepted',
    async (end) => {
      const { seller, listing_id, buyers, requests } = await wanted(2);
      const [first, declined] = buyers as [Actor, Actor];
      const put = (body: object) => as(ctx, seller).put(`/api/listing/${listing_id}`, body);
      const alreadySent = async () =>
        (
          await as(ctx, declined).get(
            `/api/delivery_request/listing-buyer?userId=${declined.user.user_id}&listingId=${listing_id}`,
          )
        ).json();
      expect((await put({ listing_status: 'Sold' })).statusCode).toBe(200);
      const delivery = (await accept(seller, requests[0]!)).json();
      // While the item is on its way the declined request still counts as sent.
      expect(await alreadySent()).toHaveLength(1);

      if (end === 'Cancelled') {
        const cancelled = await as(ctx, first).put(
          `/api/delivery_instruction/${delivery.delivery_id}`,
          { delivery_status: 'Cancelled', reason: 'Found one nearer' },
        );
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      } else {
        const jace = await courier(ctx);
        const move = (body: object) =>
          as(ctx, jace).put(`/api/delivery_instruction/${delivery.delivery_id}`, body);
        await move({ courier_id: jace.user.user_id, delivery_status: 'Assigned' });
        await move({ delivery_status: 'Picked Up' });
        const returned = await move({ delivery_status: 'Returned', reason: 'buyer_not_there' });
        expect(returned.statusCode, returned.body).toBe(200);
      }

      expect((await put({ listing_status: 'Active' })).statusCode).toBe(200);
      expect(await alreadySent()).toEqual([]);
      const asked = await ask(declined, seller, listing_id);
      expect((await accept(seller, asked)).statusCode).toBe(201);
      expect(await countDeliveries(listing_id)).toBe(2);
    },
  );
});
