/**
 * The database goes away and comes back: a real PostgreSQL behind a TCP relay this test can cut
 * and restore. While it is cut every API call answers 503 with Retry-After and a readable
 * message (never 500), health says so, and pages still load; once restored, the next call
 * succeeds without a restart. SQLite lives inside the process and cannot become unreachable.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { connect, type Connection } from '#server/db/connect.js';
import { createListing, createUser, DEFAULT_PASSWORD } from '#server/db/factories.js';
import { createTestApp, sessionCookie, type TestContext } from '../harness.js';

/** A relay in front of PostgreSQL that can refuse and drop every connection, then serve again. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen();
  return {
    port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      // Let the pool see its connections drop.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
    restore: () => listen(port),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

const postgres = process.env.TEST_DATABASE_URL;

describe.runIf(postgres)('a database outage (PostgreSQL)', () => {
  let base: TestContext;
  let link: Awaited<ReturnType<typeof relay>>;
  let database: Connection;
  let app: FastifyInstance;
  let cookie: string;
  let listingId: number;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-client-'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>Gator Market</title>',
    );
    // A fresh, migrated database; the app under test reaches it through the relay.
    base = await createTestApp();
    const direct = new URL(base.config.databaseUrl);
    link = await relay(direct);
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(link.port);
    database = connect(relayed.toString());
    app = await buildApp({
      config: { ...base.config, databaseUrl: relayed.toString(), clientDir },
      database,
      logger: false,
    });
    await app.ready();
    const user = await createUser(database.db, {});
    listingId = (await createListing(database.db, { vendor_id: user.user_id })).listing_id;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.sfsu_email, password: DEFAULT_PASSWORD },
    });
    cookie = sessionCookie(login);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    link?.close();
    await base?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const calls = () =>
    [
      ['GET', '/api/health', undefined, false],
      ['GET', '/api/all?limit=3', undefined, false],
      ['GET', `/api/listing/${listingId}`, undefined, false],
      ['GET', '/api/listing/featured', undefined, false],
      ['GET', '/api/me', undefined, true],
      ['GET', '/api/direct_message', undefined, true],
      ['GET', '/api/delivery_instruction', undefined, true],
      ['POST', '/api/login', { email: 'someone@sfsu.edu', password: 'whatever-1' }, false],
      ['POST', '/api/review', { author_id: 1, vendor_id: 2, rating: 5 }, true],
    ] as const;

  it('answers 503 with Retry-After to every call while the database is away', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    await link.cut();
    for (const [method, url, payload, signedIn] of calls()) {
      const res = await app.inject({
        method,
        url,
        ...(payload && { payload }),
        headers: signedIn ? { cookie } : {},
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/briefly unavailable/);
    }
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({
      status: 'unavailable',
    });
  });

  it('still serves the pages meanwhile', async () => {
    for (const url of ['/', '/productListing/1', '/login']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Gator Market');
    }
  });

  it('serves the next call once the database is back, without a restart', async () => {
    await link.restore();
    for (const [method, url, , signedIn] of calls()) {
      if (method !== 'GET') continue;
      const res = await app.inject({ method, url, headers: signedIn ? { cookie } : {} });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  });
});
