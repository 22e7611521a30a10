/**
 * Web Push against a real push service on https://127.0.0.1 (tests/fixtures/push-service.ts),
 * trusted through NODE_EXTRA_CA_CERTS: every message is decrypted with the device's own keys
 * and its VAPID JWT checked, as a browser's push service and the phone would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type Device, type PushService } from '../../fixtures/push-service.js';
import { acceptRequest, courier, parties, requestDelivery } from '../data.js';
import {
  as,
  countWhere,
  createTestApp,
  FAST_NOTIFY,
  sessionCookie,
  signedInUser,
  withSecondInstance,
  type Actor,
  type TestContext,
} from '../harness.js';
import { allTold, kindsOf, move, queueDrained } from '../notify-support.js';

let ctx: TestContext;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  ctx = await createTestApp({
    env: { PUSH_SERVICE_ORIGINS: service.origin },
    notifyTiming: { ...FAST_NOTIFY, maxAttempts: 3, maxRetryAfterMs: 3_000, pushTimeoutMs: 2_000 },
  });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

async function subscribe(actor: Actor, device: Device = service.device()): Promise<Device> {
  const res = await as(ctx, actor).post('/api/push-subscriptions', device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  return device;
}

const subscriptionCount = (endpoint: string) =>
  countWhere(ctx, 'push_subscriptions', 'endpoint', endpoint);

/** Every push message queued so far has left the queue (sent, or given up). */
async function pushesSettled() {
  await allTold(ctx);
  await queueDrained(ctx, 'push_outbox', 15_000);
}

describe('GET /api/push/public-key', () => {
  it('answers one uncompressed P-256 point, the same from every instance', async () => {
    const res = await as(ctx).get('/api/push/public-key');
    expect(res.statusCode).toBe(200);
    // The same for everyone: a browser may keep it.
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { publicKey } = res.json<{ publicKey: string }>();
    const point = Buffer.from(publicKey, 'base64url');
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    await withSecondInstance(ctx, async (other) => {
      expect((await as(other).get('/api/push/public-key')).json()).toEqual({ publicKey });
    });
  });

  it('answers the pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const { default: webpush } = await import('web-push');
    const keys = webpush.generateVAPIDKeys();
    const app = await createTestApp({
      env: {
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:market@campus.test',
      },
    });
    try {
      expect((await as(app).get('/api/push/public-key')).json()).toEqual({
        publicKey: keys.publicKey,
      });
    } finally {
      await app.close();
    }
  });
});

describe('POST and DELETE /api/push-subscriptions', () => {
  it('stores a device once per endpoint; the same device again is 200; DELETE forgets it', async () => {
    const me = await signedInUser(ctx);
    const device = await subscribe(me);
    const again = await as(ctx, me).post('/api/push-subscriptions', device.subscription);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ endpoint: device.subscription.endpoint, created: false });
    expect(again.headers['cache-control']).toBe('no-store');
    expect(await subscriptionCount(device.subscription.endpoint)).toBe(1);

    const gone = await as(ctx, me).raw({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      payload: JSON.stringify({ endpoint: device.subscription.endpoint }),
      headers: { 'content-type': 'application/json' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ removed: true });
    expect(await subscriptionCount(device.subscription.endpoint)).toBe(0);
  });

  it('moves a device to whoever signs in on it last', async () => {
    const first = await signedInUser(ctx);
    const second = await signedInUser(ctx);
    const device = await subscribe(first);
    expect(
      (await as(ctx, second).post('/api/push-subscriptions', device.subscription)).statusCode,
    ).toBe(200);
    const row = await ctx.database.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', device.subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(second.user.user_id);
  });

  it.each([
    ['plain http', (s: string) => s.replace('https://', 'http://')],
    ['another port on the same host', (s: string) => s.replace(/:\d+\//, ':1/')],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['a host under an allowed one', (s: string) => s.replace('127.0.0.1', 'evil.127.0.0.1')],
    ['credentials in the address', (s: string) => s.replace('https://', 'https://a:b@')],
    ['an internal name', () => 'https://localhost/push/x'],
    [
      'a browser service the test setup does not list',
      () => 'https://fcm.googleapis.com/fcm/send/x',
    ],
  ])('refuses an endpoint on %s with 400, storing nothing (SSRF guard)', async (_what, change) => {
    const me = await signedInUser(ctx);
    const device = service.device();
    const endpoint = change(device.subscription.endpoint);
    const res = await as(ctx, me).post('/api/push-subscriptions', {
      ...device.subscription,
      endpoint,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(await subscriptionCount(endpoint)).toBe(0);
  });

  it.each([
    ['a p256dh that is not 65 bytes', { p256dh: Buffer.alloc(33, 4).toString('base64url') }],
    [
      'a p256dh that is not a point on the curve',
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') },
    ],
    ['an auth secret of the wrong size', { auth: Buffer.alloc(8).toString('base64url') }],
    ['keys that are not base64url', { auth: 'not base64!' }],
  ])('refuses %s with 400', async (_what, keys) => {
    const me = await signedInUser(ctx);
    const device = service.device();
    const res = await as(ctx, me).post('/api/push-subscriptions', {
      ...device.subscription,
      keys: { ...device.subscription.keys, ...keys },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await subscriptionCount(device.subscription.endpoint)).toBe(0);
  });

  it('is for signed-in people only', async () => {
    const device = service.device();
    expect((await as(ctx).post('/api/push-subscriptions', device.subscription)).statusCode).toBe(
      401,
    );
  });

  it('signing out removes that device’s subscription, not the person’s other devices', async () => {
    const me = await signedInUser(ctx);
    // A second sign-in: the person's other phone.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.user.sfsu_email, password: 'campus-demo-1' },
    });
    const phone: Actor = { user: me.user, cookie: sessionCookie(login) };
    const laptopDevice = await subscribe(me);
    const phoneDevice = await subscribe(phone);
    expect((await as(ctx, me).post('/api/logout')).statusCode).toBe(200);
    expect(await subscriptionCount(laptopDevice.subscription.endpoint)).toBe(0);
    expect(await subscriptionCount(phoneDevice.subscription.endpoint)).toBe(1);
  });
});

describe('sending', () => {
  it('encrypts for the device, signs with our VAPID key and names TTL, Urgency and Topic', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    const { publicKey } = (await as(ctx).get('/api/push/public-key')).json<{ publicKey: string }>();
    const request = await requestDelivery(ctx, p);
    const [push] = await service.waitFor(1, device);
    expect(push!.payload).toEqual({
      title: `Delivery request: ${request.title}`,
      body: `${p.buyer.user.username} asks for delivery to Library.`,
      url: '/vendorDeliveryRequest',
      tag: `order-${request.delivery_request_id}`,
    });
    expect(push!.ttl).toBe(48 * 60 * 60);
    expect(push!.urgency).toBe('normal');
    expect(push!.topic).toBe(`order-${request.delivery_request_id}`);
    expect(push!.vapidKey).toBe(publicKey);
    expect(push!.claims.aud).toBe(service.origin);
    expect(push!.claims.exp - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
    expect(push!.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(service.rejected).toEqual([]);
  });

  it('tells the buyer’s devices of each step once, urgently for pick-up and drop-off', async () => {
    const p = await parties(ctx);
    const phone = await subscribe(p.buyer);
    const laptop = await subscribe(p.buyer);
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    const carrier = await courier(ctx);
    await move(ctx, carrier, delivery.delivery_id, 'Assigned');
    await move(ctx, carrier, delivery.delivery_id, 'Picked Up');
    await pushesSettled();
    await move(ctx, carrier, delivery.delivery_id, 'Picked Up');
    await move(ctx, carrier, delivery.delivery_id, 'Delivered');
    await pushesSettled();
    for (const device of [phone, laptop]) {
      const pushes = service.deliveredTo(device);
      expect(pushes.map((x) => [(x.payload as { title: string }).title, x.urgency])).toEqual([
        [`Accepted: ${request.title}`, 'normal'],
        [`Picked up: ${request.title}`, 'high'],
        [`Delivered: ${request.title}`, 'high'],
      ]);
      expect(new Set(pushes.map((x) => x.topic))).toEqual(
        new Set([`order-${request.delivery_request_id}`]),
      );
    }
  });

  it('follows each person’s switches: push off for a kind sends none, the centre still has it', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    await as(ctx, p.vendor).put('/api/notification-preferences', {
      delivery_request: { push: false },
    });
    await requestDelivery(ctx, p);
    await pushesSettled();
    expect(service.hits(device)).toBe(0);
    expect(await kindsOf(ctx, p.vendor)).toEqual(['delivery_request']);
  });

  it('forgets a device the push service says is gone (410, 404), without trying again', async () => {
    for (const status of [410, 404]) {
      const p = await parties(ctx);
      const device = await subscribe(p.vendor);
      service.answer(device, status);
      await requestDelivery(ctx, p);
      await expect.poll(() => subscriptionCount(device.subscription.endpoint)).toBe(0);
      await pushesSettled();
      expect(service.hits(device)).toBe(1);
    }
  });

  it('tries again after 429 (after its Retry-After) and 5xx, and delivers once', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    service.answer(device, { status: 429, headers: { 'retry-after': '1' } }, 503);
    await requestDelivery(ctx, p);
    await service.waitFor(1, device, 15_000);
    await pushesSettled();
    expect(service.hits(device)).toBe(3);
    expect(service.deliveredTo(device)).toHaveLength(1);
    const [first, second] = service.hitTimes(device);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
  });

  it('gives a message up after a bounded number of attempts', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    service.answer(device, 500, 500, 500, 500, 500);
    await requestDelivery(ctx, p);
    await pushesSettled();
    expect(service.hits(device)).toBe(3);
    const failed = await ctx.database.db
      .selectFrom('push_outbox')
      .select(['status', 'last_error'])
      .where(
        'subscription_id',
        'in',
        ctx.database.db
          .selectFrom('push_subscriptions')
          .select('subscription_id')
          .where('endpoint', '=', device.subscription.endpoint),
      )
      .execute();
    expect(failed).toEqual([{ status: 'failed', last_error: 'push service answered 500' }]);
    // The device stays: a failing service is not a dead subscription.
    expect(await subscriptionCount(device.subscription.endpoint)).toBe(1);
  });

  it('never follows a redirect', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    const elsewhere = service.device();
    service.answer(device, {
      status: 307,
      headers: { location: elsewhere.subscription.endpoint },
    });
    await requestDelivery(ctx, p);
    await pushesSettled();
    expect(service.hits(device)).toBe(1);
    expect(service.hits(elsewhere)).toBe(0);
  });

  it('never makes the request that caused it wait for the push service', async () => {
    const p = await parties(ctx);
    const device = await subscribe(p.vendor);
    service.answer(device, 'hang');
    // The request is answered while the push service holds the message without answering.
    await requestDelivery(ctx, p);
    await expect.poll(() => service.hits(device), { timeout: 10_000 }).toBe(1);
    expect(service.deliveredTo(device)).toEqual([]);
  });
});
