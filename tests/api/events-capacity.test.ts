/**
 * One instance holds 1,000 open streams, delivers to all of them, and ends them at shutdown with
 * a hint to reconnect.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from './harness.js';

const STREAMS = 1000;
let ctx: TestContext;
let closed = false;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await ctx.close();
});

function openRaw(port: number, actor: Actor, agent: http.Agent) {
  return new Promise<{ received: () => string; ended: Promise<void> }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/events', agent, headers: { cookie: actor.cookie } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        const ended = new Promise<void>((done) => res.on('end', done).on('close', done));
        resolve({ received: () => text, ended });
      },
    );
    req.on('error', reject);
  });
}

it(`holds ${STREAMS} open streams, reaches each, and closes them all at shutdown`, async () => {
  const port = (ctx.app.server.address() as AddressInfo).port;
  const buyer = await signedInUser(ctx, { username: 'cap_buyer' });
  const vendor = await signedInUser(ctx, { username: 'cap_vendor' });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: Awaited<ReturnType<typeof openRaw>>[] = [];
  for (let i = 0; i < STREAMS; i += 100) {
    streams.push(
      ...(await Promise.all(Array.from({ length: 100 }, () => openRaw(port, buyer, agent)))),
    );
  }
  await expect.poll(() => ctx.app.live.hub.size, { timeout: 10_000 }).toBe(STREAMS);

  const { listing_id } = await createListing(ctx.database.db, { vendor_id: vendor.user.user_id });
  const sent = await as(ctx, buyer).post('/api/direct_message', {
    sender_id: buyer.user.user_id,
    receiver_id: vendor.user.user_id,
    listing_id,
    content: 'hello, everyone of me',
  });
  expect(sent.statusCode).toBe(201);
  await expect
    .poll(() => streams.filter((s) => s.received().includes('hello, everyone of me')).length, {
      timeout: 10_000,
    })
    .toBe(STREAMS);

  await ctx.close();
  closed = true;
  await Promise.all(streams.map((s) => s.ended));
  // Each ended with its own hint to reconnect within 1 to 3 s, so they do not all come back at once.
  const hints = streams.map((s) => Number(/retry: (\d+)\n\n$/.exec(s.received())?.[1]));
  expect(hints.every((ms) => ms >= 1000 && ms <= 3000)).toBe(true);
  expect(new Set(hints).size).toBeGreaterThan(100);
  agent.destroy();
});
