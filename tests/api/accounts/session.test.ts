import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_MS } from '#shared/constants.js';
import {
  appForFile,
  as,
  countRows,
  createTestApp,
  sessionCookie,
  signedInUser,
} from '../harness.js';

const ctx = await appForFile();

const sessionRows = () => ctx.database.db.selectFrom('sessions').selectAll().execute();

describe('GET /api/me', () => {
  it('answers the signed-in user and a fixed expiry 30 minutes after sign-in', async () => {
    const before = Date.now();
    const actor = await signedInUser(ctx, { username: 'mia' });
    const after = Date.now();
    const res = await as(ctx, actor).get('/api/me');
    expect(res.statusCode).toBe(200);
    const { user, expiresAt } = res.json();
    expect(user).toEqual({
      user_id: actor.user.user_id,
      username: 'mia',
      first_name: 'Test',
      last_name: 'Student',
      is_courier: 0,
      rating: 1,
      review_count: 0,
      sfsu_email: 'mia@sfsu.edu',
      on_shift: 0,
      email_verified: 1,
      is_moderator: 0,
    });
    const expires = Date.parse(expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + SESSION_MS);
    expect(expires).toBeLessThanOrEqual(after + SESSION_MS);
    // Using the session does not extend it (docs/decisions/006-fixed-session.md).
    const again = await as(ctx, actor).get('/api/me');
    expect(again.json().expiresAt).toBe(expiresAt);
    expect(res.body).not.toMatch(/password|hash|salt|scrypt/i);
  });

  it('answers a visitor, a garbage cookie and an oversized cookie with 401', async () => {
    expect((await as(ctx).get('/api/me')).statusCode).toBe(401);
    for (const cookie of ['campus_sid=not-a-real-token', `campus_sid=${'a'.repeat(5000)}`]) {
      const res = await as(ctx).raw({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Please sign in to continue.',
        code: 'unauthenticated',
      });
    }
  });

  it('ends a session after its 30 minutes', async () => {
    const actor = await signedInUser(ctx);
    await ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', actor.user.user_id)
      .execute();
    expect((await as(ctx, actor).get('/api/me')).statusCode).toBe(401);
    expect((await as(ctx, actor).get('/api/delivery_request')).statusCode).toBe(401);
  });
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, 30 minutes long, and only its hash is stored', async () => {
    const actor = await signedInUser(ctx);
    const res = await as(ctx).post('/api/login', {
      email: actor.user.sfsu_email,
      password: 'campus-demo-1',
    });
    const cookie = res.cookies.find((c) => c.name === 'campus_sid')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_MS / 1000,
    });
    expect(cookie.secure).toBeFalsy();
    const rows = await sessionRows();
    expect(rows.some((r) => r.token_hash === cookie.value)).toBe(false);
    const hash = createHash('sha256').update(cookie.value).digest('hex');
    expect(rows.some((r) => r.token_hash === hash)).toBe(true);
  });

  it('is Secure behind an HTTPS proxy the server trusts', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const actor = await signedInUser(proxied);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: actor.user.sfsu_email, password: 'campus-demo-1' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === 'campus_sid')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const actor = await signedInUser(ctx);
    const res = await as(ctx, actor).post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const cleared = res.cookies.find((c) => c.name === 'campus_sid');
    expect(cleared?.value).toBe('');
    const hash = createHash('sha256').update(actor.cookie.replace('campus_sid=', '')).digest('hex');
    expect((await sessionRows()).some((r) => r.token_hash === hash)).toBe(false);
    expect((await as(ctx, actor).get('/api/me')).statusCode).toBe(401);
  });

  it('is harmless without a session', async () => {
    expect((await as(ctx).post('/api/logout')).statusCode).toBe(200);
  });
});

describe('PUT /api/user/{id}', () => {
  it('starts and ends a courier shift; leaving courier work ends the shift', async () => {
    const actor = await signedInUser(ctx);
    const url = `/api/user/${actor.user.user_id}`;
    const early = await as(ctx, actor).put(url, { on_shift: 1 });
    expect(early.statusCode).toBe(409);
    expect((await as(ctx, actor).put(url, { is_courier: true })).json().is_courier).toBe(1);
    expect((await as(ctx, actor).put(url, { on_shift: 1 })).json().on_shift).toBe(1);
    const quit = await as(ctx, actor).put(url, { is_courier: 0 });
    expect(quit.json()).toMatchObject({ is_courier: 0, on_shift: 0 });
  });

  it.each([{}, { is_courier: 2 }, { is_courier: 'yes' }, { is_courier: 1, username: 'boss' }])(
    'refuses the body %j with 400',
    async (body) => {
      const actor = await signedInUser(ctx);
      const rows = await countRows(ctx);
      const res = await as(ctx, actor).put(`/api/user/${actor.user.user_id}`, body);
      expect(res.statusCode).toBe(400);
      expect(await countRows(ctx)).toEqual(rows);
      expect((await as(ctx, actor).get('/api/me')).json().user.is_courier).toBe(0);
    },
  );
});

describe('POST /api/login input', () => {
  it('takes the e-mail in any case and refuses missing fields with 400', async () => {
    const actor = await signedInUser(ctx, { username: 'case_test' });
    const res = await as(ctx).post('/api/login', {
      email: 'Case_Test@SFSU.edu',
      password: 'campus-demo-1',
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).not.toBe(actor.cookie);
    for (const body of [{ email: 'case_test@sfsu.edu' }, { password: 'x' }, {}]) {
      expect((await as(ctx).post('/api/login', body)).statusCode).toBe(400);
    }
  });
});
