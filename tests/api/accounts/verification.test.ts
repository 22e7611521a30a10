/**
 * A campus address is confirmed with the six digits mailed to it (read here from the mail a
 * real SMTP server received): until then the account may look around but not act on others.
 */
import { describe, expect, it } from 'vitest';
import { API } from '#shared/api-paths.js';
import { VERIFICATION_MAX_TRIES } from '#shared/identity.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { createListing, createUser } from '#server/db/factories.js';
import {
  as,
  createTestApp,
  FAST_MAIL,
  mailEnv,
  mailingAppForFile,
  sessionCookie,
  type Actor,
} from '../harness.js';
import { linkIn, startSmtp } from '../../fixtures/smtp.js';
import { ageVerification, registration } from '../data.js';
import { TINY_PNG_BASE64 } from '../world.js';

const { ctx, smtp } = await mailingAppForFile();

let count = 0;
async function register(context = ctx): Promise<Actor> {
  const name = `fresh${count++}${Date.now().toString(36)}`;
  const res = await as(context).post(
    API.register,
    registration(name, { firstName: 'Fay', lastName: 'Fresh' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json<{ user: SessionUser }>().user, cookie: sessionCookie(res) };
}

/** Moves the account's last code back in time, as if `seconds` had passed. */
const age = (actor: Actor, seconds: number) => ageVerification(ctx, actor, seconds);

/** Every call an account makes on others, for `actor` (a seller's listing to act on). */
async function actsOnOthers(actor: Actor) {
  const seller = await createUser(ctx.database.db);
  const listing = await createListing(ctx.database.db, { vendor_id: seller.user_id });
  const own = await createListing(ctx.database.db, { vendor_id: actor.user.user_id });
  const courier = await createUser(ctx.database.db, { is_courier: 1 });
  const buyer = await createUser(ctx.database.db);
  const request = await ctx.database.db
    .insertInto('delivery_requests')
    .values({
      buyer_id: buyer.user_id,
      vendor_id: seller.user_id,
      listing_id: listing.listing_id,
      dropoff: 'Library',
      buyer_special_request: '',
      status: 'Approved',
      created_at: new Date().toISOString(),
      agreed_title: 'Item',
      agreed_price_cents: 1000,
    })
    .returning('delivery_request_id')
    .executeTakeFirstOrThrow();
  const delivery = await ctx.database.db
    .insertInto('delivery_instructions')
    .values({
      delivery_request_id: request.delivery_request_id,
      pickup: 'Library',
      dropoff: 'Annex 1',
      seller_special_request: '',
      buyer_special_request: '',
      buyer_id: buyer.user_id,
      vendor_id: seller.user_id,
      product_id: listing.product_id,
      listing_id: listing.listing_id,
      timestamp: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      agreed_title: 'Item',
      agreed_price_cents: 1000,
    })
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  const me = actor.user.user_id;
  return {
    delivery: delivery.delivery_id,
    calls: [
      [
        'POST',
        API.createListing,
        {
          thumbnail: TINY_PNG_BASE64,
          mimetype: 'image/png',
          title: 'Desk lamp',
          price: 5,
          description: 'Bright',
          category: 'Furniture',
          conditions: 'New',
          vendor_id: me,
        },
      ],
      [
        'POST',
        API.relist,
        { product_id: own.product_id, price: 3, conditions: 'New', vendor_id: me },
      ],
      [
        'POST',
        API.messages,
        {
          sender_id: me,
          receiver_id: seller.user_id,
          listing_id: listing.listing_id,
          content: 'Hi',
        },
      ],
      [
        'POST',
        API.deliveryRequests,
        {
          buyer_id: me,
          vendor_id: seller.user_id,
          listing_id: listing.listing_id,
          dropoff: 'Library',
        },
      ],
      ['POST', API.createReview, { author_id: me, vendor_id: seller.user_id, rating: 5 }],
      ['PUT', API.user(me), { is_courier: 1 }],
    ] as const,
    courier,
  };
}

describe('registering', () => {
  it('mails six digits written together and a link that carries them', async () => {
    const fay = await register();
    expect(fay.user.email_verified).toBe(0);
    const mail = await smtp.mailTo(fay.user.sfsu_email);
    const code = await smtp.codeFor(fay.user.sfsu_email);
    expect(code).toMatch(/^[0-9]{6}$/);
    const link = linkIn(mail, '/verify-email');
    expect(`${link.origin}${link.pathname}`).toBe('https://market.campus.test/verify-email');
    expect(link.searchParams.get('code')).toBe(code);
    const me = await as(ctx, fay).get(API.me);
    expect(me.json().user.email_verified).toBe(0);
    // The code is in the mail only, never in an answer.
    expect(me.body).not.toContain(code);
  });

  it('lets an unverified account look around but not act on others, with a distinct code', async () => {
    const fay = await register();
    const { calls, courier, delivery } = await actsOnOthers(fay);
    for (const [method, url, body] of calls) {
      const res = await as(ctx, fay)[method === 'POST' ? 'post' : 'put'](url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'email_unverified' });
      expect(res.json().message).toMatch(/verify your campus e-mail/);
    }
    // A courier made before verification existed may not claim a delivery either.
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified: 0 })
      .where('user_id', '=', courier.user_id)
      .execute();
    const login = await as(ctx).post(API.login, {
      email: courier.sfsu_email,
      password: 'campus-demo-1',
    });
    expect(login.json().user.email_verified).toBe(0);
    const claim = await ctx.app.inject({
      method: 'PUT',
      url: API.delivery(delivery),
      payload: { courier_id: courier.user_id, delivery_status: 'Assigned' },
      headers: { cookie: sessionCookie(login) },
    });
    expect(claim.statusCode).toBe(403);
    expect(claim.json().code).toBe('email_unverified');
    // Browsing and the own profile stay open.
    for (const url of [API.all, API.me, API.user(fay.user.user_id), API.messages]) {
      expect((await as(ctx, fay).get(url)).statusCode, url).toBe(200);
    }
  });

  it('verifies with the mailed code; then every call works, and a second try says so', async () => {
    const fay = await register();
    const code = await smtp.codeFor(fay.user.sfsu_email);
    const wrong = code === '000000' ? '000001' : '000000';
    const miss = await as(ctx, fay).post(API.verifyEmail, { code: wrong });
    expect(miss.statusCode).toBe(422);
    expect(miss.json().message).toMatch(/not right\. 4 tries left/);
    // Spaces between the digits are fine (a pasted "123 456").
    const res = await as(ctx, fay).post(API.verifyEmail, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().user).toMatchObject({ user_id: fay.user.user_id, email_verified: 1 });
    expect(res.body).not.toContain(code);
    expect((await as(ctx, fay).get(API.me)).json().user.email_verified).toBe(1);
    const { calls } = await actsOnOthers(fay);
    for (const [method, url, body] of calls) {
      const done = await as(ctx, fay)[method === 'POST' ? 'post' : 'put'](url, body);
      expect(done.statusCode, `${method} ${url}: ${done.body}`).toBeLessThan(300);
    }
    // The link opened twice: no error.
    const again = await as(ctx, fay).post(API.verifyEmail, { code });
    expect(again.statusCode).toBe(200);
    // Signing in again carries the flag.
    const login = await as(ctx).post(API.login, {
      email: fay.user.sfsu_email,
      password: 'long enough',
    });
    expect(login.json().user.email_verified).toBe(1);
  });

  it('spends the code after five wrong tries, even when they come all at once', async () => {
    const fay = await register();
    const code = await smtp.codeFor(fay.user.sfsu_email);
    const wrong = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrong.map((c) => as(ctx, fay).post(API.verifyEmail, { code: c })),
    );
    expect(answers.every((a) => a.statusCode === 422)).toBe(true);
    const counted = answers.filter((a) => /not right/.test(a.json().message));
    expect(counted).toHaveLength(VERIFICATION_MAX_TRIES);
    // The right code no longer works: a new one is needed.
    const late = await as(ctx, fay).post(API.verifyEmail, { code });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/expired or was used up/);
    expect((await as(ctx, fay).get(API.me)).json().user.email_verified).toBe(0);
  });

  it('lets a code live 24 hours', async () => {
    const fay = await register();
    const code = await smtp.codeFor(fay.user.sfsu_email);
    await age(fay, 24 * 60 * 60 + 1);
    const res = await as(ctx, fay).post(API.verifyEmail, { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/expired/);
  });
});

describe('asking for a new code', () => {
  it('mails a new code at most once a minute, which replaces the old one', async () => {
    const fay = await register();
    const first = await smtp.codeFor(fay.user.sfsu_email);
    const soon = await as(ctx, fay).post(API.resendVerification);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('rate_limited');
    const retry = Number(soon.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);

    await age(fay, 61);
    const res = await as(ctx, fay).post(API.resendVerification);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain(fay.user.sfsu_email);
    const second = await smtp.codeFor(fay.user.sfsu_email, { after: 1 });
    if (second !== first) {
      const old = await as(ctx, fay).post(API.verifyEmail, { code: first });
      expect(old.statusCode).toBe(422);
    }
    expect((await as(ctx, fay).post(API.verifyEmail, { code: second })).statusCode).toBe(200);
    // Verified: nothing more to send.
    expect((await as(ctx, fay).post(API.resendVerification)).statusCode).toBe(409);
  });

  it('mails at most five codes an hour', async () => {
    const fay = await register();
    await smtp.mailTo(fay.user.sfsu_email);
    for (let sent = 1; sent < 5; sent++) {
      await age(fay, 61);
      expect((await as(ctx, fay).post(API.resendVerification)).statusCode).toBe(202);
    }
    await age(fay, 61);
    const refused = await as(ctx, fay).post(API.resendVerification);
    expect(refused.statusCode).toBe(429);
    // Until the hour that began with the first code is over.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await smtp.mailTo(fay.user.sfsu_email, { after: 4 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.includes(fay.user.sfsu_email))).toHaveLength(5);
  });

  it('gives an account made before verification existed its first code', async () => {
    const old = await createUser(ctx.database.db, { email_verified: 0 });
    const login = await as(ctx).post(API.login, {
      email: old.sfsu_email,
      password: 'campus-demo-1',
    });
    const actor = { user: login.json().user as SessionUser, cookie: sessionCookie(login) };
    expect((await as(ctx, actor).post(API.resendVerification)).statusCode).toBe(202);
    const code = await smtp.codeFor(old.sfsu_email);
    expect((await as(ctx, actor).post(API.verifyEmail, { code })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await as(ctx).post(API.resendVerification)).statusCode).toBe(401);
    expect((await as(ctx).post(API.verifyEmail, { code: '123456' })).statusCode).toBe(401);
  });
});

describe('EMAIL_VERIFICATION=off', () => {
  it('keeps the spec’s flow: no code is mailed and a new account acts at once', async () => {
    const offSmtp = await startSmtp();
    const off = await createTestApp({
      env: mailEnv(offSmtp.url, { EMAIL_VERIFICATION: 'off' }),
      mailTiming: FAST_MAIL,
    });
    try {
      expect((await as(off).get(API.config)).json().emailVerification).toBe('off');
      const fay = await register(off);
      expect(fay.user.email_verified).toBe(0);
      const seller = await createUser(off.database.db);
      const listing = await createListing(off.database.db, { vendor_id: seller.user_id });
      const res = await as(off, fay).post(API.messages, {
        sender_id: fay.user.user_id,
        receiver_id: seller.user_id,
        listing_id: listing.listing_id,
        content: 'Still for sale?',
      });
      expect(res.statusCode, res.body).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(offSmtp.mails).toHaveLength(0);
    } finally {
      await off.close();
      await offSmtp.close();
    }
  });

  it('is required by default', async () => {
    expect((await as(ctx).get(API.config)).json().emailVerification).toBe('required');
  });
});
