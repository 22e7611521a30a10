/**
 * Two instances with separate data folders behind HAProxy (deploy/haproxy.cfg), on one
 * PostgreSQL database, behave as one service: sign-in, a listing with its picture, search, live
 * events and a guessing limit through the balancer, and one instance stopped under a stream of
 * requests without a single one failing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/db/seed.js';
import { openSse, type SseConnection } from '../api/sse-client.js';
import { makePng } from '../fixtures/png.js';
import { databaseForRun, postgresMissing, type TestDatabase } from '../fixtures/postgres.js';
import { findHaproxy } from '../../scripts/browsers.mjs';
import {
  CLIENT_DIR,
  startHaproxy,
  startInstance,
  type Balancer,
  type Instance,
} from '../fixtures/instances.js';
import { call, signIn, type Answer } from './http.js';
import { balancerPorts } from '../fixtures/ports.js';

const missing = !findHaproxy()
  ? 'haproxy is not installed (sudo apt-get install haproxy)'
  : !process.env.TEST_DATABASE_URL
    ? postgresMissing()
    : null;
if (missing) console.warn(`Balancer test skipped: ${missing}.`);

/** How long a change made through one instance may take to show through the other. */
const WITHIN_MS = 1000;
/** A picture as an earlier version left it in one instance's DATA_DIR/uploads. */
const OLD_PICTURE = '0123456789abcdef0123456789abcdef';
/** A built file only instance B has, as during a rolling upgrade to a newer build. */
const NEW_ASSET = '/assets/only-in-the-new-build-0a1b2c.js';

describe.skipIf(missing)('two instances behind HAProxy', () => {
  const ports = balancerPorts();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-balancer-'));
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let balancer: Balancer;
  const streams: SseConnection[] = [];
  let oldPicture: Buffer;

  beforeAll(async () => {
    database = await databaseForRun(ports.postgres);
    const uploads = path.join(tmp, 'a', 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    oldPicture = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#963' } })
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(uploads, `${OLD_PICTURE}.webp`), oldPicture);
    const newerBuild = path.join(tmp, 'newer-build');
    fs.cpSync(CLIENT_DIR, newerBuild, { recursive: true });
    fs.writeFileSync(path.join(newerBuild, NEW_ASSET), 'export const newer = true;\n');
    const env = {
      // Both seed if the database is empty: the start lock lets only the first one do it.
      DEMO_DATA: '1',
      TRUST_PROXY: '1',
      // What deploy/haproxy.cfg asks of its instances.
      SHUTDOWN_DRAIN_MS: '2500',
      // The stop test sends a stream of messages from one account, far past the flood limits,
      // which are not what it is about (tests/api/moderation/blocks-and-flood-limits.test.ts covers them across instances).
      FLOOD_LIMITS: 'off',
    };
    [a, b] = await Promise.all([
      startInstance({
        port: ports.a,
        dataDir: path.join(tmp, 'a'),
        databaseUrl: database.url,
        env,
      }),
      startInstance({
        port: ports.b,
        dataDir: path.join(tmp, 'b'),
        databaseUrl: database.url,
        env: { ...env, CLIENT_DIR: path.join(tmp, 'newer-build') },
      }),
    ]);
    balancer = await startHaproxy(ports.balancer, [ports.a, ports.b]);
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await balancer?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const through = (p: string, options?: Parameters<typeof call>[2]) =>
    call(balancer.url, p, options);
  /** Calls until both instances have answered; returns every answer. */
  const fromBoth = async (p: string, options?: Parameters<typeof call>[2]) => {
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(await through(p, options));
      if (new Set(answers.map((r) => r.servedBy)).size === 2) return answers;
    }
    throw new Error(`only ${answers[0]?.servedBy} answered ${p}`);
  };

  it('seeded the demo data once, and moved the old picture into the database', async () => {
    expect(a.output()).not.toMatch(/error|failed/i);
    expect(b.output()).not.toMatch(/error|failed/i);
    const seeded = [a.output(), b.output()].filter((o) => o.includes('Seeded demo data'));
    expect(seeded).toHaveLength(1);
    expect(fs.existsSync(path.join(tmp, 'a', 'uploads'))).toBe(false);
    for (const res of await fromBoth(`/uploads/${OLD_PICTURE}.webp`)) {
      expect(res.status).toBe(200);
      expect(res.body.equals(oldPicture)).toBe(true);
    }
  });

  it('serves a built file that only one instance has (a rolling upgrade) on every request', async () => {
    expect((await call(a.url, NEW_ASSET)).status).toBe(404);
    for (let i = 0; i < 6; i++) {
      const res = await through(NEW_ASSET);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('newer');
    }
  });

  it('keeps a session signed in through either instance', async () => {
    const cookie = await signIn(balancer.url, 'maria@sfsu.edu', DEMO_PASSWORD);
    for (const res of await fromBoth('/api/me', { cookie })) {
      expect(res.status).toBe(200);
      expect(res.json<{ user: { username: string } }>().user.username).toBe('maria');
    }
  });

  it('lists with a picture through one instance; both serve the picture and find the listing within a second', async () => {
    const cookie = await signIn(balancer.url, 'priya@sfsu.edu', DEMO_PASSWORD);
    const me = (await through('/api/me', { cookie })).json<{ user: { user_id: number } }>().user;
    const created = await through('/api/listing', {
      cookie,
      json: {
        thumbnail: `data:image/png;base64,${makePng(640, 480).toString('base64')}`,
        mimetype: 'image/png',
        title: 'Quokka plush toy',
        price: 14,
        description: 'Soft, clean, loved.',
        category: 'Other',
        conditions: 'Used - Like New',
        vendor_id: me.user_id,
      },
    });
    expect(created.status, created.body.toString()).toBe(201);
    const { listing_id, thumbnail } = created.json<{ listing_id: number; thumbnail: string }>();
    const other = created.servedBy === 'app1' ? 'app2' : 'app1';

    // Search: a later search through the other instance finds it within a second.
    const started = Date.now();
    for (;;) {
      const res = await through('/api/title?title=quokka');
      const found = res.json<{ listing_id: number }[]>().some((l) => l.listing_id === listing_id);
      if (found && res.servedBy === other) break;
      expect(Date.now() - started, 'found through the other instance').toBeLessThan(WITHIN_MS);
    }

    // The picture, both sizes, from both instances: the same bytes, cached for good, revalidated.
    for (const url of [thumbnail, thumbnail.replace('.webp', '-sm.webp')]) {
      const answers = await fromBoth(url);
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.body.equals(answers[0]!.body)).toBe(true);
        expect(res.headers.get('etag')).toBe(answers[0]!.headers.get('etag'));
      }
      const etag = answers[0]!.headers.get('etag')!;
      for (const res of await fromBoth(url, { headers: { 'if-none-match': etag } })) {
        expect(res.status).toBe(304);
      }
    }
    const direct = await call(b.url, thumbnail);
    expect(direct.status).toBe(200);
  });

  it('delivers a live event to streams on both instances, whichever instance took the change', async () => {
    const priya = await signIn(balancer.url, 'priya@sfsu.edu', DEMO_PASSWORD);
    const maria = await signIn(balancer.url, 'maria@sfsu.edu', DEMO_PASSWORD);
    // Streams go to the instance holding fewer: two streams, one on each.
    const first = await openSse(balancer.url, priya);
    const second = await openSse(balancer.url, priya);
    streams.push(first, second);
    expect(new Set([first.headers['x-served-by'], second.headers['x-served-by']])).toEqual(
      new Set(['app1', 'app2']),
    );
    await Promise.all([first.next('ready'), second.next('ready')]);
    const ids = await priyaListingAndIds(maria, priya);
    const sent = await through('/api/direct_message', {
      cookie: maria,
      json: {
        sender_id: ids.maria,
        receiver_id: ids.priya,
        listing_id: ids.listing,
        content: 'Is the quokka still available?',
      },
    });
    expect(sent.status, sent.body.toString()).toBe(201);
    for (const stream of [first, second]) {
      const event = await stream.next(
        'message.created',
        (d: { content?: string }) => d.content === 'Is the quokka still available?',
        WITHIN_MS,
      );
      expect(event.data).toMatchObject({ sender_id: ids.maria });
    }
  });

  it('answers a create repeated with its Idempotency-Key from either instance with the first answer, storing it once', async () => {
    const priya = await signIn(balancer.url, 'priya@sfsu.edu', DEMO_PASSWORD);
    const maria = await signIn(balancer.url, 'maria@sfsu.edu', DEMO_PASSWORD);
    const ids = await priyaListingAndIds(maria, priya);
    const stamp = Date.now().toString(36);
    const content = `Sent once through two instances ${stamp}`;
    const send = (base: string) =>
      call(base, '/api/direct_message', {
        cookie: maria,
        // A key is visible ASCII, no spaces (docs/api.md).
        headers: { 'idempotency-key': `"balancer-${stamp}"` },
        json: { sender_id: ids.maria, receiver_id: ids.priya, listing_id: ids.listing, content },
      });
    // The tap on one instance, the retry after a lost answer on the other, and one at once.
    const first = await send(a.url);
    const [again, meanwhile] = await Promise.all([send(b.url), send(balancer.url)]);
    expect([first.status, again.status, meanwhile.status]).toEqual([201, 201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(meanwhile.json()).toEqual(first.json());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const mine = (await through('/api/direct_message', { cookie: maria })).json<
      { content: string }[]
    >();
    expect(mine.filter((m) => m.content === content)).toHaveLength(1);
  });

  it('counts wrong passwords sent through both instances against one limit', async () => {
    const wrong = { email: 'ben@sfsu.edu', password: 'not-his-password' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await through('/api/login', { json: wrong }));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(answers.map((r) => r.servedBy))).toEqual(new Set(['app1', 'app2']));
    const refused = await through('/api/login', { json: wrong });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('stops one instance under a stream of requests without failing any; its event streams move to the other', async () => {
    const maria = await signIn(balancer.url, 'maria@sfsu.edu', DEMO_PASSWORD);
    const priya = await signIn(balancer.url, 'priya@sfsu.edu', DEMO_PASSWORD);
    const ids = await priyaListingAndIds(maria, priya);
    const picture = (await through(`/api/listing/${ids.listing}`)).json<
      { thumbnail: string }[]
    >()[0]!.thumbnail;
    // A stream on the instance that stops.
    const onA = await openSse(a.url, priya);
    streams.push(onA);
    await onA.next('ready');

    const requests: [string, Parameters<typeof call>[2]][] = [
      ['/api/all', {}],
      ['/api/title?title=lamp', {}],
      ['/api/listing/featured', {}],
      [`/api/listing/${ids.listing}`, {}],
      [picture, {}],
      ['/api/me', { cookie: maria }],
      [
        '/api/direct_message',
        {
          cookie: maria,
          json: {
            sender_id: ids.maria,
            receiver_id: ids.priya,
            listing_id: ids.listing,
            content: 'Still there?',
          },
        },
      ],
    ];
    const failures: string[] = [];
    const served = new Map<string, number>();
    let count = 0;
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const [p, options] = requests[i % requests.length]!;
        try {
          const res = await through(p, options);
          count++;
          served.set(String(res.servedBy), (served.get(String(res.servedBy)) ?? 0) + 1);
          if (res.status >= 300) failures.push(`${p}: ${res.status} ${res.body.toString()}`);
        } catch (error) {
          failures.push(`${p}: ${(error as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, i) => worker(i));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stopped = a.stop();
    // While it drains, it says so to the balancer (once the signal has arrived)...
    await expect.poll(async () => (await call(a.url, '/api/health')).status).toBe(503);
    const { code, ms } = await stopped;
    const servedBeforeEnd = new Map(served);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(workers);

    console.log(
      `Stopped app1 in ${ms} ms under ${count} requests (${[...served].map(([k, v]) => `${k}: ${v}`).join(', ')}); ${failures.length} failed.`,
    );
    expect(failures.slice(0, 5), `${failures.length} of ${count} failed`).toEqual([]);
    expect(count).toBeGreaterThan(100);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(servedBeforeEnd.get('app1')).toBeGreaterThan(0);
    expect(served.get('app2')).toBeGreaterThan(servedBeforeEnd.get('app2') ?? 0);
    // ...its stream ended with a hint to come back soon...
    await onA.ended;
    expect(onA.retries.at(-1)).toBeGreaterThanOrEqual(1000);
    expect(onA.retries.at(-1)).toBeLessThanOrEqual(3000);
    // ...and a stream opened again through the balancer reaches the other instance and hears.
    const again = await openSse(balancer.url, priya);
    streams.push(again);
    expect(again.headers['x-served-by']).toBe('app2');
    await again.next('ready');
    await through('/api/direct_message', {
      cookie: maria,
      json: {
        sender_id: ids.maria,
        receiver_id: ids.priya,
        listing_id: ids.listing,
        content: 'Back again',
      },
    });
    await again.next('message.created', (d: { content?: string }) => d.content === 'Back again');
  }, 60_000);

  /** Maria's and Priya's ids and one of Priya's active listings. */
  async function priyaListingAndIds(maria: string, priya: string) {
    const me = async (cookie: string) =>
      (await through('/api/me', { cookie })).json<{ user: { user_id: number } }>().user.user_id;
    const ids = { maria: await me(maria), priya: await me(priya) };
    const listings = (await through(`/api/listing/active/${ids.priya}`)).json<
      { listing_id: number }[]
    >();
    return { ...ids, listing: listings[0]!.listing_id };
  }
});
