/**
 * The push SSRF guard against addresses that two URL parsers read differently: web-push sends
 * with Node's legacy `url.parse`, which ends a host at `;`, quotes or `{`, where WHATWG's
 * `new URL` keeps reading. A listener on a loopback address stands where such a request would
 * land, and must see no connection.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../../fixtures/push-service.js';
import { parties, requestDelivery } from '../data.js';
import {
  as,
  createTestApp,
  FAST_NOTIFY,
  rowsOf,
  signedInUser,
  type TestContext,
} from '../harness.js';
import { allTold, queueDrained } from '../notify-support.js';
import { allowedPushEndpoint } from '#server/notifications/push/endpoint-guard.js';

const TRAP_HOST = '127.66.66.66';

let ctx: TestContext;
let service: PushService;
let trap: net.Server;
let trapPort = 443;
const connections: string[] = [];

beforeAll(async () => {
  service = await startPushService();
  trap = net.createServer((socket) => {
    connections.push(`${socket.remoteAddress}`);
    socket.destroy();
  });
  // Where `https://127.66.66.66;.notify.windows.com/x` would land: port 443 of that address.
  // Without the right to bind 443 (not root), a high port in the same disguise stands in.
  trapPort = await new Promise<number>((resolve, reject) => {
    trap.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EACCES') return reject(error);
      trap.listen(0, TRAP_HOST, () => resolve((trap.address() as net.AddressInfo).port));
    });
    trap.listen(443, TRAP_HOST, () => resolve(443));
  });
  ctx = await createTestApp({
    env: { PUSH_SERVICE_ORIGINS: `https://*.notify.windows.com,${service.origin}` },
    notifyTiming: { ...FAST_NOTIFY, maxAttempts: 2, maxRetryAfterMs: 1_000, pushTimeoutMs: 2_000 },
  });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
  await new Promise((resolve) => trap.close(resolve));
});

const port = () => (trapPort === 443 ? '' : `:${trapPort}`);
const disguises = () =>
  [';', "'", '"', '`', '{', '}', '\\', '|', '^', '<', '>', ' ', '%20', '#', '[', ']'].map(
    (c) => `https://${TRAP_HOST}${port()}${c}.notify.windows.com/x`,
  );

describe('push endpoints that parsers read differently', () => {
  it('are refused with 400 and nothing is stored', async () => {
    const me = await signedInUser(ctx);
    const device = service.device();
    for (const endpoint of disguises()) {
      const res = await as(ctx, me).post('/api/push-subscriptions', {
        ...device.subscription,
        endpoint,
      });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation' });
    }
    expect(await rowsOf(ctx, 'push_subscriptions', me)).toEqual([]);
  });

  it('are never sent to, even when already stored: the listener sees no connection', async () => {
    const p = await parties(ctx);
    const device = service.device();
    // Rows stored before the guard was strict, as a database restored from then would hold.
    for (const endpoint of disguises()) {
      await ctx.database.db
        .insertInto('push_subscriptions')
        .values({
          user_id: p.vendor.user.user_id,
          endpoint,
          p256dh: device.subscription.keys.p256dh,
          auth: device.subscription.keys.auth,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
    await requestDelivery(ctx, p);
    await allTold(ctx);
    await queueDrained(ctx, 'push_outbox', 15_000);
    expect(connections).toEqual([]);
  });

  it('keeps the real push services’ addresses', () => {
    const origins = [
      'https://fcm.googleapis.com',
      'https://updates.push.services.mozilla.com',
      'https://web.push.apple.com',
      'https://*.notify.windows.com',
    ];
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/cXk1d2Y:APA91bH-x_Yz0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-_x1Yz2aB3cD4eF5gH6iJ7kL8mN9oP0q',
      'https://web.push.apple.com/QGz2ZmF0aG9tLWVuZHBvaW50LXRva2Vu',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAABx%2bY9z%3d%3d',
      'https://DB5P.Notify.Windows.com:443/w/?token=AAA',
    ]) {
      expect(allowedPushEndpoint(endpoint, origins), endpoint).toBe(true);
    }
    for (const endpoint of [
      'https://127.66.66.66;.notify.windows.com/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://x.notify.windows.com:8443/w/',
      'https://fcm.googleapis.com@127.0.0.1/x',
      'https://fcm.googleapis.com\\@127.0.0.1/x',
      'https://xn--fcm-googleapis-com.notify.windows.com./x',
      'https://fcm.googleapis.com/%zz',
    ]) {
      expect(allowedPushEndpoint(endpoint, origins), endpoint).toBe(false);
    }
  });
});
