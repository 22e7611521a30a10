/**
 * A forgotten password is reset through a link mailed to the account's address (read here from
 * a real SMTP server's inbox); a known one is changed from the profile. Both end the other
 * sessions and mail a notice.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API } from '#shared/api-paths.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { createUser } from '#server/db/factories.js';
import { as, mailingAppForFile, sessionCookie, signedInUser, type Actor } from '../harness.js';
import { linkIn } from '../../fixtures/smtp.js';
import { registration } from '../data.js';

const { ctx, smtp } = await mailingAppForFile();

const NEW_PASSWORD = 'a brand new one';

async function login(email: string, password: string) {
  return as(ctx).post(API.login, { email, password });
}

/** Asks for a link for `email` and reads its token from the mail. */
async function resetLink(email: string) {
  const before = smtp.mails.filter((m) => m.to.includes(email)).length;
  const res = await as(ctx).post(API.passwordReset, { email });
  expect(res.statusCode).toBe(202);
  const mail = await smtp.mailTo(email, { after: before });
  expect(mail.subject).toMatch(/Reset your Gator Market password/);
  const link = linkIn(mail, '/reset-password');
  return { link, token: link.searchParams.get('token')! };
}

describe('asking for a reset link', () => {
  it('mails a one-hour link with a long random token, of which only a hash is kept', async () => {
    const ana = await createUser(ctx.database.db);
    const { link, token } = await resetLink(ana.sfsu_email);
    expect(`${link.origin}${link.pathname}`).toBe('https://market.campus.test/reset-password');
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.database.db.selectFrom('password_resets').selectAll().execute();
    const row = rows.find((r) => r.user_id === ana.user_id)!;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(lifetime).toBe(60 * 60 * 1000);
    // Nowhere in the database is the token itself (the sent mail's parts are erased). The mail
    // server has the mail before the worker hears it was accepted: wait for the row to be sent.
    const outboxRows = () => ctx.database.db.selectFrom('mail_outbox').selectAll().execute();
    await expect
      .poll(async () => (await outboxRows()).find((r) => r.to_address === ana.sfsu_email)?.status)
      .toBe('sent');
    const outbox = await outboxRows();
    expect(JSON.stringify(outbox)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const known = await createUser(ctx.database.db);
    const knownRes = await as(ctx).post(API.passwordReset, { email: known.sfsu_email });
    const unknownRes = await as(ctx).post(API.passwordReset, { email: 'nobody.here@sfsu.edu' });
    expect(unknownRes.statusCode).toBe(knownRes.statusCode);
    expect(unknownRes.body).toBe(knownRes.body);
    expect(unknownRes.headers['cache-control']).toBe('no-store');
    // A mail asked for later arrives, so the queue has passed the unknown address by.
    const later = await createUser(ctx.database.db);
    await resetLink(later.sfsu_email);
    await smtp.mailTo(known.sfsu_email);
    expect(smtp.mails.some((m) => m.to.includes('nobody.here@sfsu.edu'))).toBe(false);
  });

  it('takes about the same time whether or not the address has an account', async () => {
    const people = await Promise.all(Array.from({ length: 21 }, () => createUser(ctx.database.db)));
    const known: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await as(ctx).post(API.passwordReset, { email });
      expect(res.statusCode).toBe(202);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    for (const [i, person] of people.entries()) {
      const stranger = `nobody${i}.${Date.now()}@sfsu.edu`;
      const pair = [
        async () => {
          known.push(await time(person.sfsu_email));
          // The link is made and mailed after the answer: let that finish before the next
          // request, so it is not measured as part of another answer.
          await smtp.mailTo(person.sfsu_email);
        },
        async () => unknown.push(await time(stranger)),
      ];
      for (const measure of i % 2 ? pair : pair.reverse()) await measure();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both answers do the same work before they go (the machine is shared: a generous bound).
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(
      Math.max(10, median(unknown) * 0.5),
    );
  });

  it('refuses a fourth link an hour for one address, known or not, with Retry-After', async () => {
    const bo = await createUser(ctx.database.db);
    for (const email of [bo.sfsu_email, 'ghost.person@sfsu.edu']) {
      for (let i = 0; i < 3; i++) {
        expect((await as(ctx).post(API.passwordReset, { email })).statusCode).toBe(202);
      }
      const refused = await as(ctx).post(API.passwordReset, { email });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    await smtp.mailTo(bo.sfsu_email, { after: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.includes(bo.sfsu_email))).toHaveLength(3);
  });
});

describe('using the link', () => {
  it('sets the password, ends every session, confirms the address and mails a notice', async () => {
    const cy = await createUser(ctx.database.db, { email_verified: 0 });
    const phone = await login(cy.sfsu_email, 'campus-demo-1');
    const laptop = await login(cy.sfsu_email, 'campus-demo-1');
    const { token } = await resetLink(cy.sfsu_email);
    const res = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(token);
    for (const session of [phone, laptop]) {
      const me = await ctx.app.inject({ url: API.me, headers: { cookie: sessionCookie(session) } });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(cy.sfsu_email, 'campus-demo-1')).statusCode).toBe(401);
    const fresh = await login(cy.sfsu_email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.email_verified).toBe(1);
    const notice = await smtp.mailTo(cy.sfsu_email, { after: 1 });
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.text).toMatch(/signed out/);
    expect(notice.text).not.toContain(token);
  });

  it('works once, and not after an hour', async () => {
    const di = await createUser(ctx.database.db);
    const first = await resetLink(di.sfsu_email);
    const second = await resetLink(di.sfsu_email);
    const body = (token: string) => ({
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect((await as(ctx).post(API.passwordResetConfirm, body(first.token))).statusCode).toBe(200);
    // Used: refused; and every other link of the account died with it.
    for (const token of [first.token, second.token]) {
      const again = await as(ctx).post(API.passwordResetConfirm, body(token));
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toMatch(/expired or was already used/);
    }

    const ed = await createUser(ctx.database.db);
    const { token } = await resetLink(ed.sfsu_email);
    await ctx.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', ed.user_id)
      .execute();
    expect((await as(ctx).post(API.passwordResetConfirm, body(token))).statusCode).toBe(422);
    expect((await login(ed.sfsu_email, 'campus-demo-1')).statusCode).toBe(200);
  });

  it('lets only one of two requests with the same link through', async () => {
    const flo = await createUser(ctx.database.db);
    const { token } = await resetLink(flo.sfsu_email);
    const answers = await Promise.all(
      ['first password', 'second password'].map((password) =>
        as(ctx).post(API.passwordResetConfirm, { token, password, confirmPassword: password }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses passwords that differ or are short, and a token that is no token', async () => {
    const gus = await createUser(ctx.database.db);
    const { token } = await resetLink(gus.sfsu_email);
    const mismatch = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/Passwords don't match/);
    const short = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    const garbage = await as(ctx).post(API.passwordResetConfirm, {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(garbage.statusCode).toBe(422);
    // The link still works after all that.
    const ok = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('lifts the sign-in lock that guesses put on the account', async () => {
    const hal = await createUser(ctx.database.db);
    for (let i = 0; i < 5; i++) await login(hal.sfsu_email, 'wrong guess');
    expect((await login(hal.sfsu_email, 'campus-demo-1')).statusCode).toBe(429);
    const { token } = await resetLink(hal.sfsu_email);
    await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect((await login(hal.sfsu_email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('changing the password from the profile', () => {
  const change = (actor: Actor, currentPassword: string, password = NEW_PASSWORD) =>
    as(ctx, actor).put(API.password, { currentPassword, password, confirmPassword: password });

  it('needs the current password, keeps this session and ends the others', async () => {
    const ivy = await signedInUser(ctx);
    const other = await login(ivy.user.sfsu_email, 'campus-demo-1');
    const wrong = await change(ivy, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/current password is not right/);
    const res = await change(ivy, 'campus-demo-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await as(ctx, ivy).get(API.me)).statusCode).toBe(200);
    const stale = await ctx.app.inject({ url: API.me, headers: { cookie: sessionCookie(other) } });
    expect(stale.statusCode).toBe(401);
    expect((await login(ivy.user.sfsu_email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await smtp.mailTo(ivy.user.sfsu_email);
    expect(notice.subject).toMatch(/password was changed/);
  });

  it('counts wrong current passwords as failed sign-ins', async () => {
    const jo = await signedInUser(ctx);
    for (let i = 0; i < 5; i++) expect((await change(jo, 'guess ' + i)).statusCode).toBe(422);
    expect((await change(jo, 'campus-demo-1')).statusCode).toBe(429);
  });

  it('refuses the same password again, and a visitor', async () => {
    const kim = await signedInUser(ctx);
    const same = await change(kim, 'campus-demo-1', 'campus-demo-1');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/new password/);
    const visitor = await as(ctx).put(API.password, {
      currentPassword: 'campus-demo-1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('a user who registered', () => {
  it('can reset a forgotten password (the whole way, with the mailed link)', async () => {
    const name = `forgetful${Date.now().toString(36)}`;
    const reg = await as(ctx).post(
      API.register,
      registration(name, { firstName: 'For', lastName: 'Getful', password: 'first password' }),
    );
    const user = reg.json<{ user: SessionUser }>().user;
    await smtp.mailTo(user.sfsu_email);
    const { token } = await resetLink(user.sfsu_email);
    await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    const res = await login(user.sfsu_email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified).toBe(1);
  });
});
