/**
 * Several instances on one database (PostgreSQL: the way instances behind a balancer share it)
 * tell each event once and send each push message once, whichever instance raised it and
 * however their workers race for the queues.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPushService, type PushService } from '../../fixtures/push-service.js';
import { acceptRequest, courier, parties, requestDelivery } from '../data.js';
import { as, FAST_NOTIFY, twoInstances, type Actor, type TestContext } from '../harness.js';
import { allTold, setShift } from '../notify-support.js';

let a: TestContext;
let b: TestContext;
let close: (() => Promise<void>) | undefined;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  // Small batches, so the two workers interleave on the queue rather than one taking it all.
  const notifyTiming = { ...FAST_NOTIFY, pushBatch: 5 };
  ({ a, b, close } = await twoInstances({
    env: { PUSH_SERVICE_ORIGINS: service.origin },
    notifyTiming,
  }));
});
afterAll(async () => {
  await close?.();
  await service.close();
});

it('tells every courier on shift of each new job once, on each of their devices, from two instances', async () => {
  const couriers: Actor[] = [];
  for (let i = 0; i < 20; i++) couriers.push(await courier(a));
  const devices = [];
  for (const [i, person] of couriers.entries()) {
    await setShift(a, person, true);
    // Half of them have two devices, each registered through a different instance.
    for (const ctx of i % 2 === 0 ? [a, b] : [b]) {
      const device = service.device();
      const res = await as(ctx, person).post('/api/push-subscriptions', device.subscription);
      expect(res.statusCode, res.body).toBe(201);
      devices.push(device);
    }
  }
  const jobs = 4;
  for (let i = 0; i < jobs; i++) {
    const ctx = i % 2 === 0 ? a : b;
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    await acceptRequest(ctx, p, request.delivery_request_id);
  }
  await service.waitFor(devices.length * jobs, undefined, 30_000);
  await allTold(a);
  await expect
    .poll(
      async () =>
        (await a.database.db.selectFrom('push_outbox').select('push_id').execute()).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(0);
  for (const device of devices) {
    const jobsSeen = service
      .deliveredTo(device)
      .map((push) => (push.payload as { tag: string }).tag)
      .filter((tag) => tag.startsWith('job-'));
    expect(jobsSeen).toHaveLength(jobs);
    expect(new Set(jobsSeen).size).toBe(jobs);
  }
  expect(service.rejected).toEqual([]);
  // Each courier's centre has each job once.
  for (const person of couriers) {
    const rows = await a.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', person.user.user_id)
      .where('kind', '=', 'delivery_available')
      .execute();
    expect(rows).toHaveLength(jobs);
  }
}, 90_000);
