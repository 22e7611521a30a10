/**
 * A graceful stop, on the real process: on SIGTERM health answers 503 at once while requests
 * are still served (each answer closing its connection), then new connections are refused, a
 * request in flight still finishes, event streams end with a hint to reconnect, and the process
 * exits within 10 s. Any database will do: this runs on SQLite.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/db/seed.js';
import { openSse } from '../api/sse-client.js';
import { makePng } from '../fixtures/png.js';
import { startInstance, type Instance } from '../fixtures/instances.js';
import { call, signIn } from './http.js';
import { balancerPorts } from '../fixtures/ports.js';

const DRAIN_MS = 1500;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-stop-'));
let instance: Instance;

beforeAll(async () => {
  instance = await startInstance({
    port: balancerPorts().single,
    dataDir: tmp,
    databaseUrl: `sqlite:${path.join(tmp, 'stop.db')}`,
    env: { DEMO_DATA: '1', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
  });
});
afterAll(async () => {
  await instance?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A request whose body arrives in two parts: the second only when `finish()` is called. */
function requestInTwoParts(port: number, url: string, cookie: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: url,
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      'content-length': String(bytes.length),
    },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>(
    (resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        );
      });
    },
  );
  req.write(bytes.subarray(0, half));
  return { answer, finish: () => req.end(bytes.subarray(half)) };
}

/** Does a new TCP connection to the port get refused? */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/** A GET on a connection of its own, with the Connection header of the answer. */
const get = (port: number, url: string) =>
  new Promise<{ status: number; connection?: string }>((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, agent: new http.Agent({ keepAlive: true }) },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        },
      )
      .on('error', reject);
  });

it('on SIGTERM: health 503 first, then refuses connections, finishes the request in flight, ends streams with a retry hint, and exits within 10 s', async () => {
  const { port, url } = instance;
  const cookie = await signIn(url, 'priya@sfsu.edu', DEMO_PASSWORD);
  const me = (await call(url, '/api/me', { cookie })).json<{ user: { user_id: number } }>().user;
  const stream = await openSse(url, cookie);
  await stream.next('ready');
  expect((await get(port, '/api/health')).status).toBe(200);

  // A listing with its picture is on its way when the stop begins.
  const upload = requestInTwoParts(
    port,
    '/api/listing',
    cookie,
    JSON.stringify({
      thumbnail: `data:image/png;base64,${makePng(800, 600).toString('base64')}`,
      mimetype: 'image/png',
      title: 'Sent while stopping',
      price: 3,
      description: 'Arrives in two parts.',
      category: 'Other',
      conditions: 'New',
      vendor_id: me.user_id,
    }),
  );

  const signalled = Date.now();
  const stopped = instance.stop();

  // First the balancer is told, while everything is still served (on connections that close).
  await expect.poll(async () => (await get(port, '/api/health')).status).toBe(503);
  expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);
  const during = await get(port, '/api/all');
  expect(during).toEqual({ status: 200, connection: 'close' });
  expect(stream.retries).toEqual([3000]);

  // Then it stops listening: new connections are refused, the stream ends with a retry hint...
  await expect.poll(() => refused(port), { timeout: 5000, interval: 50 }).toBe(true);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 100);
  await stream.ended;
  const hint = stream.retries.at(-1)!;
  expect(stream.retries).toHaveLength(2);
  expect(hint).toBeGreaterThanOrEqual(1000);
  expect(hint).toBeLessThanOrEqual(3000);

  // ...and the request in flight is still answered in full.
  upload.finish();
  const answer = await upload.answer;
  expect(answer.status, answer.body).toBe(201);
  expect(answer.connection).toBe('close');

  const { code, ms } = await stopped;
  expect(code).toBe(0);
  expect(ms).toBeLessThan(10_000);
});
