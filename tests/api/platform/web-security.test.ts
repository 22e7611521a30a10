/** Transport and browser-facing protections: HTTPS-only headers, cookies, throttling per address, polyglots. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, TEST_THROTTLE, type TestContext } from '../harness.js';

describe('behind an HTTPS proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => ctx.close());

  it('sends HSTS and marks the session cookie Secure only over HTTPS', async () => {
    await signedInUser(ctx, { username: 'https_user' });
    const login = (proto: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'https_user@sfsu.edu', password: 'campus-demo-1' },
        headers: { 'x-forwarded-proto': proto },
      });
    const secure = await login('https');
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secure.cookies.find((c) => c.name === 'campus_sid')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const plain = await login('http');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.cookies.find((c) => c.name === 'campus_sid')?.secure).toBeFalsy();
  });
});

describe('login throttling per address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      throttle: { ...TEST_THROTTLE, address: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(async () => ctx.close());

  it('answers 429 with a readable message once an address has failed too often, whatever the account', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `guess${i}@sfsu.edu`, password: 'wrong-guess' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'another@sfsu.edu', password: 'wrong-guess' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts\. Please wait \d+ minutes?/);
    expect(res.json().code).toBe('too_many_attempts');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('uploads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('refuses an HTML/image polyglot (a real image carrying a page) and stores nothing', async () => {
    const vendor = await signedInUser(ctx, { username: 'poly_vendor' });
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([
      gif,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listing',
      headers: { cookie: vendor.cookie },
      payload: {
        thumbnail: `data:image/gif;base64,${polyglot.toString('base64')}`,
        mimetype: 'image/gif',
        title: 'Totally a picture',
        price: 1,
        description: 'x',
        category: 'Other',
        conditions: 'New',
        vendor_id: vendor.user.user_id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a plain image/);
    const products = await ctx.database.db.selectFrom('products').selectAll().execute();
    expect(products).toEqual([]);
  });
});
