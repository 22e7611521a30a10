/**
 * What was agreed stays agreed: a request and its delivery keep the title, price and picture of
 * the listing as they were when the buyer asked, and every read of the order (Order Status, the
 * vendor's and the courier's lists, the delivery screen, the data download) shows those. While
 * a buyer waits (a Pending request, or a delivery not yet Delivered, Returned or Cancelled) the
 * seller cannot change what was agreed: 409 `open_order`, and nothing changes. Marking the
 * listing sold still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '#shared/schemas/accounts-data.js';
import type { DeliveryInstruction, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { ListingDetail } from '#shared/schemas/listings.js';
import { connect } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { OPEN_ORDER_MESSAGE, SIBLING_OPEN_ORDER_MESSAGE } from '#server/safety/open-orders.js';
import {
  acceptRequest,
  courier,
  listingBody,
  moveAlong,
  oldDelivery,
  oldRequest,
  oldUser,
  requestDelivery,
  solidPng,
  type Parties,
} from '../data.js';
import {
  as,
  createTestApp,
  emptyDatabase,
  signedInUser,
  snapshot,
  type Actor,
  type TestContext,
} from '../harness.js';

let ctx: TestContext;
let jace: Actor;
let newPicture: { thumbnail: string; mimetype: string };
beforeAll(async () => {
  ctx = await createTestApp();
  jace = await courier(ctx);
  newPicture = {
    thumbnail: (await solidPng(80, 60)).toString('base64'),
    mimetype: 'image/png',
  };
});
afterAll(() => ctx.close());

const AGREED = { title: 'Lamp', price: 12 };

/** A seller's listing made through the API ("Lamp", $12, with a picture), a buyer, a stranger. */
async function lamp(): Promise<Parties & { thumbnail: string; product_id: number }> {
  const vendor = await signedInUser(ctx);
  const created = await as(ctx, vendor).post(
    '/api/listing',
    await listingBody(vendor, { ...AGREED, conditions: 'New' }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const { listing_id, product_id, thumbnail } = created.json();
  return {
    vendor,
    buyer: await signedInUser(ctx),
    stranger: await signedInUser(ctx),
    listing_id,
    product_id,
    thumbnail,
  };
}

const edit = (p: Parties, body: object, listingId = p.listing_id) =>
  as(ctx, p.vendor).patch(`/api/listing/${listingId}`, body);

/** Every change of what a buyer agrees to, as the attack made them. */
const attacks = () => [
  { title: 'Broken item, as described' },
  { description: 'Broken. No returns.' },
  { price: 450 },
  { conditions: 'Used - Fair' },
  { photos: [newPicture] },
];

async function refusesEveryChange(p: Parties) {
  for (const body of attacks()) {
    const before = await snapshot(ctx);
    const res = await edit(p, body);
    expect(res.statusCode, `${Object.keys(body)[0]}: ${res.body}`).toBe(409);
    expect(res.json()).toEqual({ code: 'open_order', message: OPEN_ORDER_MESSAGE });
    expect(await snapshot(ctx)).toEqual(before);
  }
}

/** The title, price and picture of each answer, as the screens read them. */
const shown = (
  orders: { title: string | null; price: number | null; thumbnail: string | null }[],
) => orders.map(({ title, price, thumbnail }) => ({ title, price, thumbnail }));

/** Every read of the order (its request and its delivery) by its buyer, vendor and courier. */
async function everyRead(p: Parties, requestId: number, deliveryId: number) {
  const get = async <T>(actor: Actor, url: string) => {
    const res = await as(ctx, actor).get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const request = (list: DeliveryRequest[]) =>
    list.filter((r) => r.delivery_request_id === requestId);
  const delivery = (list: DeliveryInstruction[]) =>
    list.filter((d) => d.delivery_id === deliveryId);
  const courierList = `/api/delivery_instruction/courier/${jace.user.user_id}`;
  return [
    ...request(await get(p.buyer, '/api/delivery_request')),
    ...delivery(await get(p.buyer, '/api/delivery_instruction')),
    ...request(await get(p.vendor, '/api/delivery_request')),
    ...delivery(await get(p.vendor, '/api/delivery_instruction')),
    ...delivery(await get(jace, courierList)),
    await get<DeliveryInstruction>(jace, `/api/delivery_instruction/${deliveryId}`),
  ];
}

/** The buyer's download: their request and delivery of the listing. */
async function exported(actor: Actor, listingId: number) {
  const res = await as(ctx, actor).get('/api/me/export');
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<AccountExport>();
  const terms = (o: { listing_title: string; price: number; pictures: string[] }) => ({
    listing_title: o.listing_title,
    price: o.price,
    pictures: o.pictures.length,
  });
  return [
    ...data.delivery_requests.filter((r) => r.listing_id === listingId).map(terms),
    ...data.deliveries.filter((d) => d.listing_id === listingId).map(terms),
  ];
}

describe('a listing a buyer is waiting for', () => {
  it('refuses every change of what was agreed while the request is Pending, and during the delivery', async () => {
    const p = await lamp();
    const request = await requestDelivery(ctx, p);
    await refusesEveryChange(p);

    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    await refusesEveryChange(p);
    await moveAlong(ctx, jace, delivery, ['Assigned']);
    await refusesEveryChange(p);
    await moveAlong(ctx, jace, delivery, ['Picked Up']);
    await refusesEveryChange(p);

    const listing = (await as(ctx).get(`/api/listing/${p.listing_id}`)).json<ListingDetail[]>()[0]!;
    expect(listing).toMatchObject({ ...AGREED, conditions: 'New', photos: [p.thumbnail] });
  });

  it('still lets the seller mark it sold, change its category or discount, or repeat what it says', async () => {
    const p = await lamp();
    await requestDelivery(ctx, p);
    const same = await edit(p, { title: 'Lamp', price: 12, photos: [{ url: p.thumbnail }] });
    expect(same.statusCode, same.body).toBe(200);
    const minor = await edit(p, { category: 'Books', discount: 10 });
    expect(minor.statusCode, minor.body).toBe(200);
    expect(minor.json<ListingDetail[]>()[0]).toMatchObject({ category: 'Books', discount: 10 });

    const sold = await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, {
      listing_status: 'Sold',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()[0]).toMatchObject({ listing_status: 'Sold', availability: 'Out of Stock' });
  });

  it('marks a listing sold during its delivery', async () => {
    const p = await lamp();
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    await moveAlong(ctx, jace, delivery, ['Assigned', 'Picked Up']);
    const sold = await as(ctx, p.vendor).put(`/api/listing/${p.listing_id}`, {
      listing_status: 'Sold',
    });
    expect(sold.statusCode, sold.body).toBe(200);
  });

  it("refuses a change of the product's words and pictures through another listing of it", async () => {
    const p = await lamp();
    await requestDelivery(ctx, p);
    const relisted = await as(ctx, p.vendor).post('/api/listing/existing', {
      product_id: p.product_id,
      price: 15,
      conditions: 'New',
      vendor_id: p.vendor.user.user_id,
    });
    expect(relisted.statusCode, relisted.body).toBe(201);
    const other = relisted.json<{ listing_id: number }>().listing_id;

    for (const body of [
      { title: 'Broken lamp' },
      { description: 'Broken.' },
      { photos: [newPicture] },
    ]) {
      const before = await snapshot(ctx);
      const res = await edit(p, body, other);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: 'open_order', message: SIBLING_OPEN_ORDER_MESSAGE });
      expect(await snapshot(ctx)).toEqual(before);
    }
    // Its own price and condition are nobody's order.
    const priced = await edit(p, { price: 9, conditions: 'Used - Good' }, other);
    expect(priced.statusCode, priced.body).toBe(200);
  });

  it('is open to edits again once the request is declined or cancelled', async () => {
    const p = await lamp();
    const declined = await requestDelivery(ctx, p);
    await as(ctx, p.vendor).put(`/api/delivery_request/${declined.delivery_request_id}`, {
      status: 'Denied',
    });
    expect((await edit(p, { price: 11 })).statusCode).toBe(200);

    const other: Parties = { ...p, buyer: await signedInUser(ctx) };
    const cancelled = await requestDelivery(ctx, other);
    const res = await as(ctx, other.buyer).put(
      `/api/delivery_request/${cancelled.delivery_request_id}`,
      { status: 'Cancelled' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await edit(p, { price: 10 })).statusCode).toBe(200);

    // Each request keeps the price its buyer saw.
    const prices = async (actor: Actor) =>
      (await as(ctx, actor).get('/api/delivery_request'))
        .json<DeliveryRequest[]>()
        .filter((r) => r.buyer_id === actor.user.user_id)
        .map((r) => r.price);
    expect(await prices(p.buyer)).toEqual([12]);
    expect(await prices(other.buyer)).toEqual([11]);
  });
});

describe('an order', () => {
  it('keeps its title, price and picture after the delivery, whatever the listing says later', async () => {
    const p = await lamp();
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    await moveAlong(ctx, jace, delivery, ['Assigned', 'Picked Up', 'Delivered']);
    const agreed = { ...AGREED, thumbnail: p.thumbnail };
    const reads = await everyRead(p, request.delivery_request_id, delivery.delivery_id);
    expect(reads).toHaveLength(6);
    expect(shown(reads)).toEqual(reads.map(() => agreed));
    const download = await exported(p.buyer, p.listing_id);
    expect(download).toEqual([
      { listing_title: 'Lamp', price: 12, pictures: 2 },
      { listing_title: 'Lamp', price: 12, pictures: 2 },
    ]);

    // The sale is over: the listing may be sold again, so its seller may change it. Another
    // buyer asks, is declined, and the seller rewrites the listing.
    const next: Parties = { ...p, buyer: await signedInUser(ctx) };
    const later = await requestDelivery(ctx, next);
    await as(ctx, p.vendor).put(`/api/delivery_request/${later.delivery_request_id}`, {
      status: 'Denied',
    });
    const rewritten = await edit(p, {
      title: 'Broken item, as described',
      price: 450,
      photos: [newPicture],
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);

    const after = await everyRead(p, request.delivery_request_id, delivery.delivery_id);
    expect(shown(after)).toEqual(reads.map(() => agreed));
    expect(await exported(p.buyer, p.listing_id)).toEqual(download);
    // The seller's own download says the same of that order, and the new one of the later one.
    const sellers = await exported(p.vendor, p.listing_id);
    expect(sellers).toContainEqual({ listing_title: 'Lamp', price: 12, pictures: 2 });
    expect(sellers).not.toContainEqual(expect.objectContaining({ price: 450 }));
  });

  it('keeps what was agreed when its delivery is cancelled and the listing changes after', async () => {
    const p = await lamp();
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    const cancel = await as(ctx, p.buyer).put(`/api/delivery_instruction/${delivery.delivery_id}`, {
      delivery_status: 'Cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await edit(p, { title: 'Lamp (newer model)', price: 30 })).statusCode).toBe(200);
    const [order] = (await as(ctx, p.buyer).get('/api/delivery_instruction')).json<
      DeliveryInstruction[]
    >();
    expect(order).toMatchObject({
      delivery_status: 'Cancelled',
      ...AGREED,
      thumbnail: p.thumbnail,
    });
  });
});

describe('migration 2026-12-12-order-snapshots', () => {
  it("gives requests and deliveries made before it their listing's current title, price and picture", async () => {
    const { url, drop } = await emptyDatabase();
    const database = connect(url);
    try {
      const db = database.db;
      expect((await migratorFor(database).migrateTo('2026-12-11-message-client-id')).error).toBe(
        undefined,
      );
      const buyer = await oldUser(db, 'snap_buyer');
      const vendor = await oldUser(db, 'snap_vendor');
      const pictured = await createListing(db, {
        vendor_id: vendor.user_id,
        title: 'Old lamp',
        price: 7.5,
        thumbnail: '/uploads/old.webp',
      });
      const bare = await createListing(db, { vendor_id: vendor.user_id, title: 'Old chair' });
      const base = {
        buyer_id: buyer.user_id,
        vendor_id: vendor.user_id,
        dropoff: 'Library',
        buyer_special_request: '',
      };
      const approved = await oldRequest(db, {
        ...base,
        listing_id: pictured.listing_id,
        status: 'Approved',
      });
      await oldDelivery(db, {
        delivery_request_id: approved,
        pickup: 'Quickly',
        dropoff: 'Library',
        seller_special_request: '',
        buyer_special_request: '',
        buyer_id: buyer.user_id,
        vendor_id: vendor.user_id,
        product_id: pictured.product_id,
        listing_id: pictured.listing_id,
      });
      await oldRequest(db, { ...base, listing_id: bare.listing_id });

      await migrateToLatest(database);

      const terms = ['agreed_title', 'agreed_price_cents', 'agreed_thumbnail'] as const;
      expect(
        await db
          .selectFrom('delivery_requests')
          .select(terms)
          .orderBy('delivery_request_id')
          .execute(),
      ).toEqual([
        {
          agreed_title: 'Old lamp',
          agreed_price_cents: 750,
          agreed_thumbnail: '/uploads/old.webp',
        },
        { agreed_title: 'Old chair', agreed_price_cents: 1000, agreed_thumbnail: null },
      ]);
      expect(await db.selectFrom('delivery_instructions').select(terms).execute()).toEqual([
        {
          agreed_title: 'Old lamp',
          agreed_price_cents: 750,
          agreed_thumbnail: '/uploads/old.webp',
        },
      ]);
    } finally {
      await database.destroy();
      await drop();
    }
  });
});
