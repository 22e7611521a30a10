/**
 * A sale, start to finish (issue 46): offers and counters, the hold an acceptance makes, and
 * the record of sales ("Sold Items", purchases), on both engines.
 */
import { describe, expect, it } from 'vitest';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import { BLOCKED_MESSAGE } from '#shared/moderation.js';
import { LISTING_ON_HOLD_MESSAGE, OFFER_CLOSED_REASONS } from '#shared/sales.js';
import type { Hold, Offer, Sale } from '#shared/schemas/sales.js';
import { createMessage } from '#server/db/factories.js';
import { acceptRequest, courier, moveAlong, parties, storeBlock, type Parties } from '../data.js';
import { appForFile, as, countRows, type Actor } from '../harness.js';
import { kindsOf } from '../notify-support.js';

const ctx = await appForFile();
const db = ctx.database.db;

const offerOn = (p: Parties, by: Actor, amount: unknown, note?: string) =>
  as(ctx, by).post('/api/offers', { listing_id: p.listing_id, amount, ...(note && { note }) });
const answer = (by: Actor, offerId: number, action: string, amount?: number) =>
  as(ctx, by).put(`/api/offers/${offerId}`, { action, ...(amount !== undefined && { amount }) });
const listingOf = async (by: Actor | undefined, listingId: number) =>
  (await as(ctx, by).get(`/api/listing/${listingId}`)).json<Record<string, unknown>[]>()[0]!;

describe('offers', () => {
  it('go offer, counter, accept: the price is fixed and the listing held for the buyer', async () => {
    const p = await parties(ctx);
    const made = await offerOn(p, p.buyer, '15.50', 'Can pick up today');
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json<Offer>();
    expect(offer).toMatchObject({
      listing_id: p.listing_id,
      buyer_id: p.buyer.user.user_id,
      seller_id: p.vendor.user.user_id,
      amount: 15.5,
      note: 'Can pick up today',
      status: 'Pending',
      counter_amount: null,
    });
    // One open offer per buyer and listing.
    const again = await offerOn(p, p.buyer, 16);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('offer_open');
    // The buyer cannot answer their own offer; the seller counters.
    expect((await answer(p.buyer, offer.offer_id, 'accept')).statusCode).toBe(409);
    const countered = await answer(p.vendor, offer.offer_id, 'counter', 18);
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'Countered', counter_amount: 18 });
    // Strangers do not read or answer it.
    expect((await answer(p.stranger, offer.offer_id, 'accept')).statusCode).toBe(403);
    const theirs = await as(ctx, p.stranger).get(`/api/offers?listing_id=${p.listing_id}`);
    expect(theirs.json()).toEqual([]);

    const accepted = await answer(p.buyer, offer.offer_id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'Accepted', agreed_amount: 18 });

    // On hold: everyone sees on_hold; only the seller and the holder read for whom.
    expect(await listingOf(undefined, p.listing_id)).toMatchObject({ on_hold: true });
    expect(await listingOf(undefined, p.listing_id)).not.toHaveProperty('held_for');
    expect(await listingOf(p.stranger, p.listing_id)).not.toHaveProperty('held_for');
    expect(await listingOf(p.vendor, p.listing_id)).toMatchObject({
      held_for: p.buyer.user.user_id,
    });
    expect(await listingOf(p.buyer, p.listing_id)).toMatchObject({
      held_for: p.buyer.user.user_id,
    });
    // Still in search, with the badge.
    const search = await as(ctx).get('/api/all');
    const found = search.json<{ listing_id: number; on_hold?: boolean }[]>();
    expect(found.find((l) => l.listing_id === p.listing_id)?.on_hold).toBe(true);
    // And in the seller's Active Listings and the Favourites page.
    const active = await as(ctx).get(`/api/listing/active/${p.vendor.user.user_id}`);
    const shown = active.json<{ listing_id: number; on_hold?: boolean }[]>();
    expect(shown.find((l) => l.listing_id === p.listing_id)?.on_hold).toBe(true);
    expect((await as(ctx, p.stranger).put(`/api/favorites/${p.listing_id}`)).statusCode).toBe(200);
    const favourites = await as(ctx, p.stranger).get('/api/favorites');
    expect(favourites.json()).toEqual([expect.objectContaining({ on_hold: true })]);

    // Others can neither offer nor ask for delivery.
    const other = await offerOn(p, p.stranger, 19);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: LISTING_ON_HOLD_MESSAGE, code: 'listing_on_hold' });
    const request = await as(ctx, p.stranger).post('/api/delivery_request', {
      buyer_id: p.stranger.user.user_id,
      vendor_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      dropoff: 'Library',
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().code).toBe('listing_on_hold');

    // The holder's request carries the agreed price.
    const mine = await as(ctx, p.buyer).post('/api/delivery_request', {
      buyer_id: p.buyer.user.user_id,
      vendor_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      dropoff: 'Library',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ price: 18 });

    // Delivered: a sale on record at the agreed price, on both sides.
    const delivery = await acceptRequest(ctx, p, mine.json().delivery_request_id);
    const carrier = await courier(ctx);
    await moveAlong(ctx, carrier, delivery, ['Assigned', 'Picked Up', 'Delivered']);
    const sales = (await as(ctx, p.vendor).get('/api/sales')).json<Sale[]>();
    expect(sales).toEqual([
      expect.objectContaining({
        listing_id: p.listing_id,
        buyer_id: p.buyer.user.user_id,
        agreed_price: 18,
        how: 'delivery',
      }),
    ]);
    const purchases = (await as(ctx, p.buyer).get('/api/purchases')).json<Sale[]>();
    expect(purchases.map((s) => s.listing_id)).toEqual([p.listing_id]);
    const count = await as(ctx).get(`/api/listing/vendor/sold/${p.vendor.user.user_id}`);
    expect(count.json()).toEqual({ count: 1 });
  });

  it('refuses bad amounts, own listings and blocked people, changing nothing', async () => {
    const p = await parties(ctx);
    const before = await countRows(ctx);
    for (const amount of [0, -5, 10.005, 'ten', null]) {
      const res = await offerOn(p, p.buyer, amount);
      expect(res.statusCode, String(amount)).toBe(400);
    }
    expect((await offerOn(p, p.vendor, 10)).statusCode).toBe(403);
    await storeBlock(ctx, p.vendor, p.stranger);
    const blocked = await offerOn(p, p.stranger, 10);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(BLOCKED_MESSAGE);
    const after = await countRows(ctx);
    expect({ ...after, blocks: before.blocks }).toEqual(before);
  });

  it('lapse after 48 hours, and close with a reason when the price changes', async () => {
    const p = await parties(ctx);
    const first = (await offerOn(p, p.buyer, 10)).json<Offer>();
    await db
      .updateTable('offers')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('offer_id', '=', first.offer_id)
      .execute();
    const read = await as(ctx, p.buyer).get(`/api/offers?listing_id=${p.listing_id}`);
    expect(read.json<Offer[]>()[0]!.status).toBe('Lapsed');
    expect((await answer(p.vendor, first.offer_id, 'accept')).statusCode).toBe(409);
    // A lapsed offer is not open: the buyer offers again.
    const second = await offerOn(p, p.buyer, 12);
    expect(second.statusCode, second.body).toBe(201);
    const edit = await as(ctx, p.vendor).patch(`/api/listing/${p.listing_id}`, { price: 25 });
    expect(edit.statusCode, edit.body).toBe(200);
    const closed = await as(ctx, p.buyer).get(
      `/api/offers/conversation?listing_id=${p.listing_id}&other_user_id=${p.vendor.user.user_id}`,
    );
    expect(closed.json<Offer[]>()[0]).toMatchObject({
      status: 'Closed',
      closed_reason: OFFER_CLOSED_REASONS.priceChanged,
    });
  });

  it('close when the item is sold or removed', async () => {
    const p = await parties(ctx);
    const o = (await offerOn(p, p.buyer, 10)).json<Offer>();
    await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, { listing_status: 'Sold' });
    expect((await as(ctx, p.buyer).get(`/api/offers?listing_id=${p.listing_id}`)).json()).toEqual([
      expect.objectContaining({ offer_id: o.offer_id, closed_reason: OFFER_CLOSED_REASONS.sold }),
    ]);
    const q = await parties(ctx);
    const o2 = (await offerOn(q, q.buyer, 10)).json<Offer>();
    expect((await as(ctx, q.vendor).delete(`/api/listing/${q.listing_id}`)).statusCode).toBe(200);
    const row = await db
      .selectFrom('offers')
      .select(['status', 'closed_reason'])
      .where('offer_id', '=', o2.offer_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Closed', closed_reason: OFFER_CLOSED_REASONS.removed });
  });
});

describe('holds', () => {
  const talk = (p: Parties, who: Actor) =>
    createMessage(db, {
      sender_id: who.user.user_id,
      receiver_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      content: 'Still there?',
    });

  it('the seller holds for someone they talked with, extends once, and releases', async () => {
    const p = await parties(ctx);
    const refused = await as(ctx, p.vendor).post('/api/holds', {
      listing_id: p.listing_id,
      buyer_id: p.buyer.user.user_id,
    });
    expect(refused.statusCode).toBe(409);
    await talk(p, p.buyer);
    expect(
      (
        await as(ctx, p.buyer).post('/api/holds', {
          listing_id: p.listing_id,
          buyer_id: p.buyer.user.user_id,
        })
      ).statusCode,
    ).toBe(403);
    const made = await as(ctx, p.vendor).post('/api/holds', {
      listing_id: p.listing_id,
      buyer_id: p.buyer.user.user_id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const hold = made.json<Hold>();
    expect(hold).toMatchObject({ status: 'Active', extended: false, agreed_amount: null });
    const extended = await as(ctx, p.vendor).put(`/api/holds/${hold.hold_id}`, {
      action: 'extend',
    });
    expect(extended.statusCode).toBe(200);
    expect(Date.parse(extended.json<Hold>().expires_at)).toBeGreaterThan(
      Date.parse(hold.expires_at) + 47 * 3600_000,
    );
    const twice = await as(ctx, p.vendor).put(`/api/holds/${hold.hold_id}`, { action: 'extend' });
    expect(twice.statusCode).toBe(409);
    expect(
      (await as(ctx, p.buyer).put(`/api/holds/${hold.hold_id}`, { action: 'release' })).statusCode,
    ).toBe(403);
    const released = await as(ctx, p.vendor).put(`/api/holds/${hold.hold_id}`, {
      action: 'release',
    });
    expect(released.json<Hold>().status).toBe('Released');
    expect(await listingOf(undefined, p.listing_id)).not.toHaveProperty('on_hold');
  });

  it('lapses after 48 hours: the listing is back, and its favouriters are told', async () => {
    const p = await parties(ctx);
    await talk(p, p.buyer);
    const hold = (
      await as(ctx, p.vendor).post('/api/holds', {
        listing_id: p.listing_id,
        buyer_id: p.buyer.user.user_id,
      })
    ).json<Hold>();
    expect((await as(ctx, p.stranger).put(`/api/favorites/${p.listing_id}`)).statusCode).toBe(200);
    await db
      .updateTable('sale_holds')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('hold_id', '=', hold.hold_id)
      .execute();
    expect(await listingOf(undefined, p.listing_id)).not.toHaveProperty('on_hold');
    const holds = await as(ctx, p.vendor).get(`/api/holds?listing_id=${p.listing_id}`);
    expect(holds.json<Hold[]>()[0]!.status).toBe('Lapsed');
    // Told through the notification centre (the queue's event is gone once told).
    expect(await kindsOf(ctx, p.stranger)).toContain('hold_ended');
    // Another buyer may now make an offer.
    expect((await offerOn(p, p.stranger, 5)).statusCode).toBe(201);
  });
});

describe('sales on record', () => {
  it('"Mark as Sold" naming a buyer records a sale; without one, a sale with no buyer', async () => {
    const p = await parties(ctx);
    const unknown = await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, {
      listing_status: 'Sold',
      buyer_id: p.stranger.user.user_id,
    });
    expect(unknown.statusCode).toBe(409);
    await createMessage(db, {
      sender_id: p.buyer.user.user_id,
      receiver_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      content: 'I will take it',
    });
    const sold = await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, {
      listing_status: 'Sold',
      buyer_id: p.buyer.user.user_id,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect((await as(ctx, p.buyer).get('/api/purchases')).json()).toEqual([
      expect.objectContaining({ listing_id: p.listing_id, agreed_price: 20, how: 'other' }),
    ]);

    const q = await parties(ctx);
    const plain = await as(ctx, q.vendor).put(`/api/listing/${q.listing_id}`, {
      listing_status: 'Sold',
    });
    expect(plain.statusCode).toBe(200);
    expect((await as(ctx, q.vendor).get('/api/sales')).json()).toEqual([
      expect.objectContaining({ listing_id: q.listing_id, buyer_id: null, buyer_username: null }),
    ]);
    const count = await as(ctx).get(`/api/listing/vendor/sold/${q.vendor.user.user_id}`);
    expect(count.json()).toEqual({ count: 1 });
    // Active again undoes the switch: the count follows.
    await as(ctx, q.vendor).put(`/api/listing/${q.listing_id}`, { listing_status: 'Active' });
    const undone = await as(ctx).get(`/api/listing/vendor/sold/${q.vendor.user.user_id}`);
    expect(undone.json()).toEqual({ count: 0 });
  });

  it('are in the data export, and a deleted buyer stays on the record as "Deleted user"', async () => {
    const p = await parties(ctx);
    const o = (await offerOn(p, p.buyer, 15)).json<Offer>();
    expect((await answer(p.vendor, o.offer_id, 'accept')).statusCode).toBe(200);
    await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, {
      listing_status: 'Sold',
      buyer_id: p.buyer.user.user_id,
    });
    const data = (await as(ctx, p.buyer).get('/api/me/export')).json();
    expect(data.offers).toEqual([
      expect.objectContaining({ offer_id: o.offer_id, agreed_amount: 15 }),
    ]);
    expect(data.holds).toEqual([
      expect.objectContaining({ status: 'Completed', agreed_amount: 15 }),
    ]);
    expect(data.sales).toEqual([
      expect.objectContaining({ listing_id: p.listing_id, agreed_price: 15 }),
    ]);
    const gone = await as(ctx, p.buyer).raw({
      method: 'DELETE',
      url: '/api/me',
      payload: JSON.stringify({ password: 'campus-demo-1' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await as(ctx, p.vendor).get('/api/sales')).json()).toEqual([
      expect.objectContaining({
        buyer_id: p.buyer.user.user_id,
        buyer_username: DELETED_USER_NAME,
      }),
    ]);
  });

  it('needs signing in', async () => {
    expect((await as(ctx).get('/api/sales')).statusCode).toBe(401);
    expect((await as(ctx).get('/api/purchases')).statusCode).toBe(401);
    expect((await as(ctx).post('/api/offers', {})).statusCode).toBe(401);
  });
});
