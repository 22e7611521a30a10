/**
 * Who hears of what: each step of an order, messages and reviews tell the people concerned
 * and nobody else, in their notification centre (GET /api/notifications); repeats tell nobody;
 * the block rule holds; a conversation's messages are one notification.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_NAMES } from '#shared/notification-kinds.js';
import type { NotificationsPage } from '#shared/schemas/notifications.js';
import {
  acceptRequest,
  courier,
  listingOf,
  parties,
  requestDelivery,
  unassignedDelivery,
} from '../data.js';
import { appForFile, as, FAST_NOTIFY, rowsOf, signedInUser } from '../harness.js';
import {
  allTold,
  centreOf,
  kindsOf,
  move,
  review,
  sendMessage,
  setShift,
} from '../notify-support.js';

const ctx = await appForFile({ notifyTiming: FAST_NOTIFY });

const unique = () => randomBytes(3).toString('hex');

describe('an order, step by step', () => {
  it('tells the seller of a request, and the buyer of a decline once however often it is sent', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const vendorCentre = await centreOf(ctx, p.vendor);
    expect(vendorCentre.unread).toBe(1);
    expect(vendorCentre.items).toEqual([
      {
        id: expect.any(Number),
        kind: 'delivery_request',
        title: `Delivery request: ${request.title}`,
        body: `${p.buyer.user.username} asks for delivery to Library.`,
        url: '/vendorDeliveryRequest',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        read_at: null,
      },
    ]);
    expect(await kindsOf(ctx, p.buyer)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const res = await as(ctx, p.vendor).put(
        `/api/delivery_request/${request.delivery_request_id}`,
        {
          status: 'Denied',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const buyerCentre = await centreOf(ctx, p.buyer);
    expect(buyerCentre.items.map((i) => [i.kind, i.title, i.url])).toEqual([
      ['request_declined', `Declined: ${request.title}`, '/OrderStatus'],
    ]);
    expect(await kindsOf(ctx, p.vendor)).toEqual(['delivery_request']);
    expect(await kindsOf(ctx, p.stranger)).toEqual([]);
  });

  it('tells the other buyers of the item that it went to someone else', async () => {
    const p = await parties(ctx);
    const other = { ...p, buyer: p.stranger };
    const request = await requestDelivery(ctx, p);
    await requestDelivery(ctx, other);
    await acceptRequest(ctx, p, request.delivery_request_id);
    expect((await centreOf(ctx, p.stranger)).items.map((i) => [i.kind, i.title, i.body])).toEqual([
      [
        'request_declined',
        `Declined: ${request.title}`,
        'The seller declined your delivery request (Sold to another buyer).',
      ],
    ]);
    expect(await kindsOf(ctx, p.buyer)).toEqual(['request_accepted']);
  });

  it('offers a new delivery to couriers on shift only, and follows it to the door', async () => {
    const title = `Lamp ${unique()}`;
    const p = await parties(ctx);
    p.listing_id = (await listingOf(ctx, p.vendor, { title })).listing_id;
    const onShift = await courier(ctx);
    const offShift = await courier(ctx);
    await setShift(ctx, onShift, true);
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);

    const jobs = (page: NotificationsPage) =>
      page.items.filter((i) => i.kind === 'delivery_available' && i.title.endsWith(title));
    expect(jobs(await centreOf(ctx, onShift))).toEqual([
      expect.objectContaining({
        title: `New delivery available: ${title}`,
        body: 'From Cafe 101 to Library.',
        url: '/CourierPage',
      }),
    ]);
    expect(jobs(await centreOf(ctx, offShift))).toEqual([]);
    expect((await centreOf(ctx, p.buyer)).items.map((i) => [i.kind, i.title])).toEqual([
      ['request_accepted', `Accepted: ${title}`],
    ]);

    // Claiming tells nobody; picking up tells the buyer once, however often it is sent.
    await move(ctx, onShift, delivery.delivery_id, 'Assigned');
    await move(ctx, onShift, delivery.delivery_id, 'Picked Up');
    await move(ctx, onShift, delivery.delivery_id, 'Picked Up');
    expect(await kindsOf(ctx, p.buyer)).toEqual(['picked_up', 'request_accepted']);
    expect((await centreOf(ctx, p.buyer)).items[0]).toMatchObject({
      title: `Picked up: ${title}`,
      body: 'Your courier has it and is on the way to Library.',
      url: '/OrderStatus',
    });

    await move(ctx, onShift, delivery.delivery_id, 'Delivered');
    await move(ctx, onShift, delivery.delivery_id, 'Delivered');
    const buyer = await centreOf(ctx, p.buyer);
    expect(buyer.items.map((i) => i.kind)).toEqual(['delivered', 'picked_up', 'request_accepted']);
    expect(buyer.items[0]).toMatchObject({ title: `Delivered: ${title}`, url: '/OrderStatus' });
    const vendor = await centreOf(ctx, p.vendor);
    expect(vendor.items.map((i) => [i.kind, i.url])).toEqual([
      ['delivered', '/vendorPage'],
      ['delivery_request', '/vendorDeliveryRequest'],
    ]);
    // The courier who acted hears of none of their own moves.
    expect(jobs(await centreOf(ctx, onShift))).toHaveLength(1);
    expect(
      (await centreOf(ctx, onShift)).items.filter((i) => i.kind !== 'delivery_available'),
    ).toEqual([]);
    await setShift(ctx, onShift, false);
  });

  it('offers a delivery given up to the other couriers on shift, not the one who gave it up', async () => {
    const { delivery } = await unassignedDelivery(ctx);
    const first = await courier(ctx);
    const second = await courier(ctx);
    await setShift(ctx, first, true);
    await setShift(ctx, second, true);
    await move(ctx, first, delivery.delivery_id, 'Assigned');
    await move(ctx, first, delivery.delivery_id, 'Unassigned');
    const again = (page: NotificationsPage) =>
      page.items.filter((i) => i.title.startsWith('Delivery available again'));
    expect(again(await centreOf(ctx, second))).toHaveLength(1);
    expect(again(await centreOf(ctx, first))).toEqual([]);
    await setShift(ctx, first, false);
    await setShift(ctx, second, false);
  });

  it('does not offer a courier on shift their own order', async () => {
    const p = await parties(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ is_courier: 1, on_shift: 1 })
      .where('user_id', 'in', [p.buyer.user.user_id, p.vendor.user.user_id])
      .execute();
    const request = await requestDelivery(ctx, p);
    await acceptRequest(ctx, p, request.delivery_request_id);
    expect(await kindsOf(ctx, p.buyer)).toEqual(['request_accepted']);
    expect(await kindsOf(ctx, p.vendor)).toEqual(['delivery_request']);
    await ctx.database.db
      .updateTable('users')
      .set({ on_shift: 0 })
      .where('user_id', 'in', [p.buyer.user.user_id, p.vendor.user.user_id])
      .execute();
  });
});

describe('the block rule', () => {
  it('a blocked courier’s moves tell nobody who blocked them', async () => {
    const { delivery, ...p } = await unassignedDelivery(ctx);
    const carrier = await courier(ctx);
    await move(ctx, carrier, delivery.delivery_id, 'Assigned');
    const block = await as(ctx, p.buyer).post('/api/blocks', { user_id: carrier.user.user_id });
    expect(block.statusCode, block.body).toBe(201);
    await move(ctx, carrier, delivery.delivery_id, 'Picked Up');
    await move(ctx, carrier, delivery.delivery_id, 'Delivered');
    expect(await kindsOf(ctx, p.buyer)).toEqual(['request_accepted']);
    // The seller did not block them: they hear of the drop-off.
    expect(await kindsOf(ctx, p.vendor)).toEqual(['delivered', 'delivery_request']);
  });
});

describe('reviews', () => {
  it('tell the seller, with the stars and the comment', async () => {
    const p = await parties(ctx);
    await sendMessage(ctx, p.buyer, p.vendor, p.listing_id);
    const res = await review(ctx, p.buyer, p.vendor, 4, 'Quick and friendly');
    expect(res.statusCode, res.body).toBe(201);
    const told = (await centreOf(ctx, p.vendor)).items.find((i) => i.kind === 'review');
    expect(told).toMatchObject({
      title: 'New review: 4 stars',
      body: `${p.buyer.user.username}: "Quick and friendly"`,
      url: `/userProfile?id=${p.vendor.user.user_id}`,
    });
  });

  it('from someone the seller blocked tell them nothing', async () => {
    const p = await parties(ctx);
    await sendMessage(ctx, p.buyer, p.vendor, p.listing_id);
    await as(ctx, p.vendor).post('/api/blocks', { user_id: p.buyer.user.user_id });
    const res = await review(ctx, p.buyer, p.vendor, 1, 'Blocked me');
    expect(res.statusCode, res.body).toBe(201);
    expect((await kindsOf(ctx, p.vendor)).filter((k) => k !== 'message')).toEqual([]);
  });
});

describe('messages', () => {
  const send = (p: Awaited<ReturnType<typeof parties>>, content: string) =>
    sendMessage(ctx, p.buyer, p.vendor, p.listing_id, content);

  it('are one notification per conversation while unread, counted, with the latest text', async () => {
    const p = await parties(ctx);
    await send(p, 'Hi!');
    await send(p, 'Is it still available?');
    await send(p, 'I can pick it up at   noon\ntoday.');
    const centre = await centreOf(ctx, p.vendor);
    const name = p.buyer.user.username;
    expect(centre.unread).toBe(1);
    expect(centre.items).toEqual([
      expect.objectContaining({
        kind: 'message',
        title: `3 new messages from ${name}`,
        body: expect.stringMatching(/: I can pick it up at noon today\.$/),
        url: `/Chats?c=${p.listing_id}-${p.buyer.user.user_id}`,
      }),
    ]);
    expect(await kindsOf(ctx, p.buyer)).toEqual([]);

    // Once read, the next message is news again.
    const read = await as(ctx, p.vendor).put('/api/notifications/read', { all: true });
    expect(read.json()).toEqual({ updated: 1, unread: 0 });
    await send(p, 'Still there?');
    const after = await centreOf(ctx, p.vendor);
    expect(after.items.map((i) => [i.title, i.read_at === null])).toEqual([
      [`New message from ${name}`, true],
      [`3 new messages from ${name}`, false],
    ]);
  });

  it('of two conversations are two notifications', async () => {
    const p = await parties(ctx);
    await send(p, 'one');
    await send({ ...p, buyer: p.stranger }, 'two');
    await send(p, 'three');
    const titles = (await centreOf(ctx, p.vendor)).items.map((i) => i.title);
    expect(titles).toEqual([
      `2 new messages from ${p.buyer.user.username}`,
      `New message from ${p.stranger.user.username}`,
    ]);
  });
});

describe('GET /api/notifications', () => {
  it('pages newest first by cursor, answering only the caller’s, never cached', async () => {
    const me = await signedInUser(ctx);
    const someone = await signedInUser(ctx);
    const now = Date.now();
    await ctx.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          user_id: i % 5 === 4 ? someone.user.user_id : me.user.user_id,
          kind: NOTIFICATION_KIND_NAMES[i % NOTIFICATION_KIND_NAMES.length]!,
          title: `n${i}`,
          body: 'b',
          url: '/OrderStatus',
          created_at: new Date(now + i).toISOString(),
        })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await as(ctx, me).get(
        `/api/notifications?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json<NotificationsPage>();
      expect(page.unread).toBe(20);
      seen.push(...page.items.map((i) => i.title));
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    const mine = Array.from({ length: 25 }, (_, i) => i)
      .filter((i) => i % 5 !== 4)
      .reverse()
      .map((i) => `n${i}`);
    expect(seen).toEqual(mine);
    expect(pages).toBe(3);
  });

  it('marks read what is named (others’ ids change nothing), or everything', async () => {
    const me = await signedInUser(ctx);
    const someone = await signedInUser(ctx);
    const insert = (userId: number, title: string) =>
      ctx.database.db
        .insertInto('notifications')
        .values({
          user_id: userId,
          kind: 'review',
          title,
          body: '',
          url: '/',
          created_at: new Date().toISOString(),
        })
        .returning('notification_id')
        .executeTakeFirstOrThrow();
    const a = await insert(me.user.user_id, 'a');
    await insert(me.user.user_id, 'b');
    const theirs = await insert(someone.user.user_id, 'theirs');
    const res = await as(ctx, me).put('/api/notifications/read', {
      ids: [a.notification_id, theirs.notification_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread: 1 });
    expect((await centreOf(ctx, someone)).unread).toBe(1);
    expect((await as(ctx, me).put('/api/notifications/read', { all: true })).json()).toEqual({
      updated: 1,
      unread: 0,
    });
  });

  it.each([
    ['a cursor that is not an id', '/api/notifications?cursor=abc'],
    ['a limit too large', '/api/notifications?limit=51'],
    ['a limit of 0', '/api/notifications?limit=0'],
    ['an unknown parameter', '/api/notifications?kind=message'],
  ])('refuses %s with 400', async (_what, url) => {
    const me = await signedInUser(ctx);
    const res = await as(ctx, me).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
  });

  it.each([
    ['no body', {}],
    ['ids empty', { ids: [] }],
    ['ids not numbers', { ids: ['x'] }],
    ['all false', { all: false }],
    ['both', { ids: [1], all: true }],
  ])('refuses marking read with %s (400)', async (_what, body) => {
    const me = await signedInUser(ctx);
    const res = await as(ctx, me).put('/api/notifications/read', body);
    expect(res.statusCode).toBe(400);
  });

  it('is for signed-in people only', async () => {
    expect((await as(ctx).get('/api/notifications')).statusCode).toBe(401);
    expect((await as(ctx).put('/api/notifications/read', { all: true })).statusCode).toBe(401);
  });
});

describe('/api/notification-preferences', () => {
  it('answers every kind with its defaults, and a partial update changes only that switch', async () => {
    const me = await signedInUser(ctx);
    const res = await as(ctx, me).get('/api/notification-preferences');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const prefs = res.json<Record<string, { push: boolean; email: boolean }>>();
    expect(Object.keys(prefs).sort()).toEqual([...NOTIFICATION_KIND_NAMES].sort());
    expect(prefs.delivery_request).toEqual({ push: true, email: true });
    expect(prefs.message).toEqual({ push: true, email: false });
    for (const kind of [
      'request_accepted',
      'request_declined',
      'delivered',
      'returned',
      'cancelled',
    ]) {
      expect(prefs[kind]!.email, kind).toBe(true);
    }

    const put = await as(ctx, me).put('/api/notification-preferences', {
      delivery_request: { push: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ...prefs, delivery_request: { push: false, email: true } });
    const both = await as(ctx, me).put('/api/notification-preferences', {
      delivery_request: { email: 0 },
      message: { email: true, push: false },
    });
    expect(both.json()).toMatchObject({
      delivery_request: { push: false, email: false },
      message: { push: false, email: true },
      review: prefs.review,
    });
    // Someone else's switches are their own.
    const other = await signedInUser(ctx);
    expect((await as(ctx, other).get('/api/notification-preferences')).json()).toEqual(prefs);
  });

  it.each([
    ['an empty body', {}],
    ['an unknown kind', { price_drop_of_nothing: { push: true } }],
    ['an empty change', { message: {} }],
    ['an unknown channel', { message: { sms: true } }],
    ['a switch that is not on or off', { message: { push: 'yes' } }],
  ])('refuses %s with 400 and changes nothing', async (_what, body) => {
    const me = await signedInUser(ctx);
    const before = (await as(ctx, me).get('/api/notification-preferences')).json();
    const res = await as(ctx, me).put('/api/notification-preferences', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect((await as(ctx, me).get('/api/notification-preferences')).json()).toEqual(before);
  });

  it('in-app notifications stay on whatever the switches say', async () => {
    const p = await parties(ctx);
    await as(ctx, p.vendor).put('/api/notification-preferences', {
      delivery_request: { push: false, email: false },
    });
    await requestDelivery(ctx, p);
    await allTold(ctx);
    expect(await kindsOf(ctx, p.vendor)).toEqual(['delivery_request']);
  });
});

describe('suspended accounts', () => {
  it('hear of nothing', async () => {
    const p = await parties(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspended_reason: 'test' })
      .where('user_id', '=', p.vendor.user.user_id)
      .execute();
    await requestDelivery(ctx, p).catch(() => undefined);
    await allTold(ctx);
    expect(await rowsOf(ctx, 'notifications', p.vendor)).toEqual([]);
  });
});
