/**
 * The courier of a delivery and its buyer (and vendor) may message each other about its listing
 * while it is under way and for 7 days after it was Delivered. Nobody else gains anything: a
 * courier who gave the delivery up, another courier or a stranger gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let courier: Actor;
let quitter: Actor;
let otherCourier: Actor;
let stranger: Actor;
let listingId: number;
let deliveryId: number;

const courierOf = async () => {
  const actor = await signedInUser(ctx, { is_courier: 1 });
  return actor;
};

function send(from: Actor, to: Actor, content = 'I am at the Library entrance') {
  return as(ctx, from).post('/api/direct_message', {
    sender_id: from.user.user_id,
    receiver_id: to.user.user_id,
    listing_id: listingId,
    content,
  });
}

const move = (who: Actor, body: Record<string, unknown>) =>
  as(ctx, who).put(`/api/delivery_instruction/${deliveryId}`, body);

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signedInUser(ctx);
  buyer = await signedInUser(ctx);
  courier = await courierOf();
  quitter = await courierOf();
  otherCourier = await courierOf();
  stranger = await signedInUser(ctx);
  listingId = (await createListing(ctx.database.db, { vendor_id: seller.user.user_id })).listing_id;
  const request = await as(ctx, buyer).post('/api/delivery_request', {
    buyer_id: buyer.user.user_id,
    vendor_id: seller.user.user_id,
    listing_id: listingId,
    dropoff: 'Library',
  });
  const accepted = await as(ctx, seller).post(
    `/api/delivery_instruction/request/accept/${request.json().delivery_request_id}`,
    { pickup: 'Cafe 101' },
  );
  deliveryId = accepted.json().delivery_id;
  // One courier takes it and gives it up; then the courier of this test takes it.
  expect(
    (await move(quitter, { courier_id: quitter.user.user_id, delivery_status: 'Assigned' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await move(quitter, { courier_id: null, delivery_status: 'Unassigned' })).statusCode,
  ).toBe(200);
  expect(
    (await move(courier, { courier_id: courier.user.user_id, delivery_status: 'Assigned' }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => ctx.close());

describe('while the delivery is under way', () => {
  it('lets the assigned courier and the buyer write to each other', async () => {
    const out = await send(courier, buyer);
    expect(out.statusCode, out.body).toBe(201);
    const back = await send(buyer, courier, 'Thanks, coming down');
    expect(back.statusCode, back.body).toBe(201);
    const buyerView = (await as(ctx, buyer).get('/api/direct_message')).json() as {
      sender_id: number;
      content: string;
    }[];
    expect(buyerView.map((m) => m.content)).toContain('I am at the Library entrance');
  });

  it('lets the courier and the vendor write to each other', async () => {
    expect((await send(courier, seller)).statusCode).toBe(201);
    expect((await send(seller, courier)).statusCode).toBe(201);
  });

  it.each([
    ['a courier who gave it up', () => quitter],
    ['another courier', () => otherCourier],
    ['a stranger', () => stranger],
  ])('refuses %s writing to the buyer, and the buyer writing to them', async (_l, who) => {
    const res = await send(who(), buyer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/courier and the buyer/);
    expect((await send(buyer, who())).statusCode).toBe(403);
  });
});

describe('after the delivery', () => {
  it('still lets them talk once Delivered, and for 7 days only', async () => {
    expect((await move(courier, { delivery_status: 'Picked Up' })).statusCode).toBe(200);
    expect((await send(courier, buyer, 'Picked it up')).statusCode).toBe(201);
    expect((await move(courier, { delivery_status: 'Delivered' })).statusCode).toBe(200);
    expect((await send(buyer, courier, 'Got it, thank you!')).statusCode).toBe(201);

    // Six days later: still fine. Eight days later: the thread is closed to new messages.
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000).toISOString();
    const setDelivered = (at: string) =>
      ctx.database.db
        .updateTable('delivery_instructions')
        .set({ updated_at: at })
        .where('delivery_id', '=', deliveryId)
        .execute();
    await setDelivered(daysAgo(6));
    expect((await send(courier, buyer, 'Was all fine?')).statusCode).toBe(201);
    await setDelivered(daysAgo(8));
    expect((await send(courier, buyer, 'Hello again')).statusCode).toBe(403);
    expect((await send(buyer, courier, 'Hello?')).statusCode).toBe(403);
    // The seller's conversation about the listing is not affected.
    expect((await send(buyer, seller, 'Any other lamps?')).statusCode).toBe(201);
  });
});
