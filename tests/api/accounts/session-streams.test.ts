/**
 * An event stream lives no longer than its session: sign-out, expiry, a password change or
 * reset, and suspension end it (on every instance: the end goes over the bus), and nothing is
 * written to it afterwards. One person holds at most ten streams; an eleventh replaces the
 * oldest.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '#shared/api-paths.js';
import { SESSION_MS } from '#shared/constants.js';
import { MAX_STREAMS_PER_USER } from '#shared/live.js';
import { createUser } from '#server/db/factories.js';
import {
  as,
  listeningAppForFile,
  secondInstance,
  sessionCookie,
  signedInUser,
  type Actor,
  type TestContext,
} from '../harness.js';
import { openSse, type SseConnection } from '../sse-client.js';
import { resetTokenFor } from '../data.js';

const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const { ctx, streams } = await listeningAppForFile();
afterEach(() => {
  vi.useRealTimers();
});

const stream = (actor: Actor, app = ctx.app) => streams.open(actor.cookie, baseOf(app));

/** Whether the server ended the stream (waits a little: the end travels over a socket). */
const ends = (conn: SseConnection, ms = 3000) =>
  Promise.race([
    conn.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/** One more event for `actor`, through the bus as the app publishes it. */
const poke = (actor: Actor, content: string, app = ctx.app) =>
  app.live.publish({ type: 'message.created', data: { content }, to: [actor.user.user_id] });

/** A second session of the same person (another device). */
async function anotherDevice(actor: Actor): Promise<Actor> {
  const res = await as(ctx).post(API.login, {
    email: actor.user.sfsu_email,
    password: 'campus-demo-1',
  });
  return { user: actor.user, cookie: sessionCookie(res) };
}

describe('a stream ends with its session', () => {
  it('at sign-out, and that session only', async () => {
    const ann = await signedInUser(ctx);
    const phone = await anotherDevice(ann);
    const laptopStream = await stream(ann);
    const phoneStream = await stream(phone);
    expect((await as(ctx, ann).post(API.logout)).statusCode).toBe(200);
    expect(await ends(laptopStream)).toBe(true);
    await poke(ann, 'after sign-out');
    await phoneStream.next('message.created');
    expect(laptopStream.events.map((e) => e.event)).toEqual(['ready']);
    // Reconnecting finds the session gone.
    expect((await openSse(baseOf(ctx.app), ann.cookie)).status).toBe(401);
  });

  it('when the session expires, writing nothing after (a clock moved past its 30 minutes)', async () => {
    const ben = await signedInUser(ctx);
    const conn = await stream(ben);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_MS + 1000);
    // An event between expiry and the next sweep is not written: the stream ends instead.
    await poke(ben, 'after expiry');
    expect(await ends(conn)).toBe(true);
    expect(conn.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('when the session expires with nothing to send', async () => {
    const cy = await signedInUser(ctx);
    const conn = await stream(cy);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_MS + 1000);
    expect(await ends(conn)).toBe(true);
  });

  it('when the password is changed, except on the device that changed it', async () => {
    const dee = await signedInUser(ctx);
    const phone = await anotherDevice(dee);
    const here = await stream(dee);
    const there = await stream(phone);
    const changed = await as(ctx, dee).put(API.password, {
      currentPassword: 'campus-demo-1',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(changed.statusCode).toBe(200);
    expect(await ends(there)).toBe(true);
    await poke(dee, 'still here');
    await here.next('message.created');
    expect(there.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('when the password is reset, on every device', async () => {
    const eve = await signedInUser(ctx);
    const phone = await anotherDevice(eve);
    const both = [await stream(eve), await stream(phone)];
    const token = await resetTokenFor(ctx, eve.user.user_id);
    const reset = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(reset.statusCode).toBe(200);
    for (const conn of both) expect(await ends(conn)).toBe(true);
  });

  it('when the person signs in again on that device (the old session is replaced)', async () => {
    const fay = await signedInUser(ctx);
    const conn = await stream(fay);
    const again = await ctx.app.inject({
      method: 'POST',
      url: API.login,
      payload: { email: fay.user.sfsu_email, password: 'campus-demo-1' },
      headers: { cookie: fay.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(await ends(conn)).toBe(true);
  });
});

describe('streams per person', () => {
  it(`holds ${MAX_STREAMS_PER_USER}; the next one ends the oldest with "replaced"`, async () => {
    const gus = await signedInUser(ctx);
    const open: SseConnection[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await stream(gus));
    const newest = await stream(gus);
    await open[0]!.next('replaced');
    expect(await ends(open[0]!)).toBe(true);
    await poke(gus, 'to every open stream');
    for (const conn of [...open.slice(1), newest]) await conn.next('message.created');
    expect(open[0]!.events.map((e) => e.event)).toEqual(['ready', 'replaced']);
  });

  it('are not limited per network address (campus Wi-Fi)', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => signedInUser(ctx)));
    const all: SseConnection[] = [];
    for (const person of people) {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) all.push(await stream(person));
    }
    for (const person of people) await poke(person, 'hello');
    for (const conn of all) await conn.next('message.created');
    expect(all.every((conn) => !conn.events.some((e) => e.event === 'replaced'))).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on another instance', () => {
  let second: TestContext;
  beforeAll(async () => {
    second = await secondInstance(ctx);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => second.close());

  it('a sign-out through one instance ends the stream held by the other', async () => {
    const hal = await signedInUser(ctx);
    const onB = await stream(hal, second.app);
    expect((await as(ctx, hal).post(API.logout)).statusCode).toBe(200);
    expect(await ends(onB)).toBe(true);
    expect(onB.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('a password reset through one instance ends every stream on the other', async () => {
    const ivy = await createUser(ctx.database.db);
    const res = await as(ctx).post(API.login, { email: ivy.sfsu_email, password: 'campus-demo-1' });
    const actor = { user: res.json().user, cookie: sessionCookie(res) };
    const onB = await stream(actor, second.app);
    const token = await resetTokenFor(ctx, ivy.user_id);
    await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(await ends(onB)).toBe(true);
  });
});
