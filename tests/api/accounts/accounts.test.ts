import { describe, expect, it } from 'vitest';
import { appForFile, as, sessionCookie, signedInUser } from '../harness.js';

const ctx = await appForFile();

const registration = (name: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: name,
  sfsu_email: `${name}@sfsu.edu`,
  password: 'correct horse',
  confirmPassword: 'correct horse',
  ...overrides,
});

describe('POST /api/register', () => {
  it('creates the account, starts a session and never returns secrets', async () => {
    const res = await as(ctx).post('/api/register', registration('ada'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Registered successfully!');
    expect(body.user).toMatchObject({ username: 'ada', sfsu_email: 'ada@sfsu.edu', is_courier: 0 });
    expect(res.body).not.toMatch(/password|hash|salt|scrypt/i);
    const cookie = res.cookies.find((c) => c.name === 'campus_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json().user.username).toBe('ada');
  });

  it.each([
    ['an off-campus e-mail', { sfsu_email: 'x@gmail.com' }, /campus e-mail/],
    ['mismatched passwords', { confirmPassword: 'other thing' }, /Passwords don't match/],
    ['a missing first name', { firstName: '' }, /First name is required/],
    ['a missing username', { username: undefined }, /Username/],
  ])('refuses %s with a readable 400', async (_label, overrides, message) => {
    const res = await as(ctx).post('/api/register', registration('bob', overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a taken username or e-mail with 409', async () => {
    await as(ctx).post('/api/register', registration('carol'));
    const sameName = await as(ctx).post(
      '/api/register',
      registration('carol', { sfsu_email: 'other@sfsu.edu' }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toMatch(/username/);
    const sameEmail = await as(ctx).post(
      '/api/register',
      registration('carol2', { sfsu_email: 'carol@sfsu.edu' }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/e-mail/);
  });
});

describe('POST /api/login', () => {
  it('answers a wrong password and an unknown e-mail the same way', async () => {
    await signedInUser(ctx, { username: 'dave' });
    const wrong = await as(ctx).post('/api/login', {
      email: 'dave@sfsu.edu',
      password: 'nope-nope',
    });
    const unknown = await as(ctx).post('/api/login', {
      email: 'nobody@sfsu.edu',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('throttles repeated failures on one account with 429', async () => {
    await signedInUser(ctx, { username: 'erin' });
    for (let i = 0; i < 5; i++)
      await as(ctx).post('/api/login', { email: 'erin@sfsu.edu', password: 'wrong-pass' });
    const res = await as(ctx).post('/api/login', {
      email: 'erin@sfsu.edu',
      password: 'campus-demo-1',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
  });

  it('rotates the session token at every login and logout kills the session', async () => {
    const first = await signedInUser(ctx, { username: 'frank' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'frank@sfsu.edu', password: 'campus-demo-1' },
      headers: { cookie: first.cookie },
    });
    expect(sessionCookie(again)).not.toBe(first.cookie);
    expect((await as(ctx, first).get('/api/me')).statusCode).toBe(401);
    const second = { ...first, cookie: sessionCookie(again) };
    expect((await as(ctx, second).post('/api/logout')).statusCode).toBe(200);
    expect((await as(ctx, second).get('/api/me')).statusCode).toBe(401);
  });
});

describe('/api/user/{id}', () => {
  it('shows a public profile without the e-mail, and the e-mail only to its owner', async () => {
    const gina = await signedInUser(ctx, { username: 'gina' });
    const other = await signedInUser(ctx, { username: 'hank' });
    const publicView = await as(ctx, other).get(`/api/user/${gina.user.user_id}`);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()[0]).toMatchObject({
      username: 'gina',
      rating: 1,
      review_count: 0,
      is_courier: 0,
    });
    expect(publicView.json()[0].sfsu_email).toBeUndefined();
    const own = await as(ctx, gina).get(`/api/user/${gina.user.user_id}`);
    expect(own.json()[0].sfsu_email).toBe('gina@sfsu.edu');
  });

  it('lets a user become a courier, and nobody else change them', async () => {
    const ivy = await signedInUser(ctx, { username: 'ivy' });
    const jon = await signedInUser(ctx, { username: 'jon' });
    expect(
      (await as(ctx, jon).put(`/api/user/${ivy.user.user_id}`, { is_courier: 1 })).statusCode,
    ).toBe(403);
    expect((await as(ctx).put(`/api/user/${ivy.user.user_id}`, { is_courier: 1 })).statusCode).toBe(
      401,
    );
    const res = await as(ctx, ivy).put(`/api/user/${ivy.user.user_id}`, { is_courier: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_courier).toBe(1);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    expect((await as(ctx).get('/api/user/abc')).statusCode).toBe(400);
    expect((await as(ctx).get('/api/user/999999')).statusCode).toBe(404);
  });
});
