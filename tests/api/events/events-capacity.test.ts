/**
 * One instance holds 1,000 open streams (100 people with ten each, the most one person may
 * hold), delivers to all of them, and ends them at shutdown with a hint to reconnect.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '#shared/live.js';
import { createUser } from '#server/db/factories.js';
import { createSession, hashToken } from '#server/features/accounts/repository.js';
import { isoIn } from '#server/lib/time.js';
import { createTestApp, type TestContext } from '../harness.js';

const STREAMS = 1000;
const PEOPLE = STREAMS / MAX_STREAMS_PER_USER;
let ctx: TestContext;
let closed = false;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await ctx.close();
});

interface Person {
  userId: number;
  cookie: string;
}

/** People signed in straight through the database: a thousand sign-ins would only wait on scrypt. */
async function people(n: number): Promise<Person[]> {
  const all: Person[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(ctx.database.db, { username: `cap_${i}` });
    const token = randomBytes(24).toString('base64url');
    await createSession(ctx.database.db, user.user_id, hashToken(token), isoIn(30 * 60 * 1000));
    all.push({ userId: user.user_id, cookie: `campus_sid=${token}` });
  }
  return all;
}

function openRaw(port: number, actor: Person, agent: http.Agent) {
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
  const everyone = await people(PEOPLE);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: Awaited<ReturnType<typeof openRaw>>[] = [];
  for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
    streams.push(...(await Promise.all(everyone.map((p) => openRaw(port, p, agent)))));
  }
  await expect.poll(() => ctx.app.live.hub.size, { timeout: 10_000 }).toBe(STREAMS);

  // One event for all of them, as the bus hands it to the hub.
  await ctx.app.live.publish({
    type: 'message.created',
    data: { content: 'hello, everyone of me' },
    to: everyone.map((p) => p.userId),
  });
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
