import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, countRows, createTestApp, signedInUser, type TestContext } from '../harness.js';

let ctx: TestContext;
let clientDir: string;
const bundle = `export const app = ${JSON.stringify('campus '.repeat(500))};\n`;

beforeAll(async () => {
  // A stand-in for the built client: the server only needs its files.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Gator Market</title>',
  );
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Gator Market"}');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-3f9a1c.js'), bundle);
  ctx = await createTestApp({ env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  as(ctx).raw({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['DELETE', '/api/all'],
    ['GET', '/api/listing/1/extra'],
  ] as const)('answers %s %s with a JSON 404, even to a browser', async (method, url) => {
    const res = await as(ctx).raw({ method, url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      message: expect.stringContaining('No such resource'),
      code: 'not_found',
    });
  });

  it('answers a malformed address with a JSON 400', async () => {
    const res = await as(ctx).get('/api/listing/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'That address is not valid.', code: 'malformed' });
  });

  it('answers GET /api/health', async () => {
    expect((await as(ctx).get('/api/health')).json()).toEqual({ status: 'ok' });
  });
});

describe('the built client', () => {
  it('serves index.html revalidated every time, also for client routes', async () => {
    for (const url of ['/', '/productListing/12', '/courierNav/3', '/RealUserProfile']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Gator Market');
    }
  });

  it.each([
    ['*/*', '*/*'],
    ['no Accept header', undefined],
    ['a link previewer', 'text/*;q=0.9, */*;q=0.8'],
  ])('serves pages to a client that sends %s (curl, uptime checkers)', async (_label, accept) => {
    for (const url of ['/', '/productListing/12', '/login']) {
      const res = await as(ctx).raw({
        method: 'GET',
        url,
        headers: accept === undefined ? {} : { accept },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Gator Market');
    }
  });

  it('keeps unknown API paths a JSON 404 for those clients too', async () => {
    for (const headers of [{}, { accept: '*/*' }] as Record<string, string>[]) {
      const res = await as(ctx).raw({ method: 'GET', url: '/api/nothing-here', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves hashed assets immutable and compressed', async () => {
    const res = await as(ctx).raw({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBeLessThan(
      bundle.length,
    );
  });

  it('revalidates the service worker and types the manifest', async () => {
    const sw = await as(ctx).get('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await as(ctx).get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers a missing file with 404, not with the page', async () => {
    expect((await page('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await page('/uploads/nothing.webp')).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it.each(['/api/all', '/', '/assets/app-3f9a1c.js', '/api/nothing'])(
    'sends them on %s',
    async (url) => {
      const res = await page(url);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/object-src 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toMatch(/geolocation=\(self\)/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );
});

describe("the service worker's own policy", () => {
  it('lets the worker fetch from the tile host (and nowhere else outside), unlike the pages', async () => {
    const sw = await as(ctx).get('/sw.js');
    expect(sw.statusCode).toBe(200);
    // The worker caches map tiles with fetch(): connect-src, which the pages keep to 'self'.
    expect(sw.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self' https://tile.openstreetmap.org",
    );
    const home = await page('/');
    expect(home.headers['content-security-policy']).toMatch(/connect-src 'self';/);
    expect(home.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org;/,
    );
    const withQuery = await as(ctx).get('/sw.js?v=2');
    expect(withQuery.headers['content-security-policy']).toBe(
      sw.headers['content-security-policy'],
    );
  });
});

describe('cross-site requests (Origin check)', () => {
  const login = (headers: Record<string, string>) =>
    as(ctx).raw({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ email: 'nobody@sfsu.edu', password: 'whatever-1' }),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses an unsafe request from a foreign origin with 403, changing nothing', async () => {
    const user = await signedInUser(ctx);
    const rows = await countRows(ctx);
    const foreign = { origin: 'https://evil.example' };
    expect((await login(foreign)).statusCode).toBe(403);
    const put = await as(ctx, user).raw({
      method: 'PUT',
      url: `/api/user/${user.user.user_id}`,
      payload: JSON.stringify({ is_courier: 1 }),
      headers: { 'content-type': 'application/json', ...foreign },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toMatch(/other sites/);
    const logout = await as(ctx, user).raw({
      method: 'POST',
      url: '/api/logout',
      headers: foreign,
    });
    expect(logout.statusCode).toBe(403);
    expect((await as(ctx, user).get('/api/me')).json().user.is_courier).toBe(0);
    expect((await login({ origin: 'null' })).statusCode).toBe(403);
    expect(await countRows(ctx)).toEqual(rows);
  });

  it('lets same-origin requests, requests without Origin and safe reads through', async () => {
    expect(
      (await login({ host: 'campus.example:8080', origin: 'http://campus.example:8080' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await login({ host: 'campus.example', origin: 'https://campus.example' })).statusCode,
    ).toBe(401);
    // A Host header that names the default port is the same origin.
    expect(
      (await login({ host: 'campus.example:80', origin: 'http://campus.example' })).statusCode,
    ).toBe(401);
    expect((await login({})).statusCode).toBe(401);
    const read = await as(ctx).raw({
      method: 'GET',
      url: '/api/all',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('request size', () => {
  it('refuses a JSON body over the limit of ordinary calls with 413', async () => {
    const user = await signedInUser(ctx);
    const res = await as(ctx, user).post('/api/direct_message', {
      sender_id: user.user.user_id,
      receiver_id: 1,
      listing_id: 1,
      content: 'x'.repeat(300 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'That request is too large.', code: 'too_large' });
  });
});
