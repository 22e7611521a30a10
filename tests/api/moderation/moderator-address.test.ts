/**
 * MODERATOR_EMAILS gives the role only to a confirmed address, whatever EMAIL_VERIFICATION says:
 * anyone may register any campus address (decision 020). With `off` nothing waits for the code,
 * but the role does, and the mailed code or a reset link confirms the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/api-paths.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import type { EmailVerificationMode } from '#shared/identity.js';
import { resetTokenFor } from '../data.js';
import {
  as,
  createTestApp,
  FAST_MAIL,
  mailEnv,
  sessionCookie,
  type Actor,
  type TestContext,
} from '../harness.js';
import { startSmtp, type SmtpStandIn } from '../../fixtures/smtp.js';

const PASSWORD = 'long enough';

describe.each<EmailVerificationMode>(['off', 'required'])('EMAIL_VERIFICATION=%s', (mode) => {
  let smtp: SmtpStandIn;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({
      env: mailEnv(smtp.url, {
        EMAIL_VERIFICATION: mode,
        MODERATOR_EMAILS: 'boss@sfsu.edu,chief@sfsu.edu',
      }),
      mailTiming: FAST_MAIL,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  async function register(local: string): Promise<Actor> {
    const res = await as(ctx).post(API.register, {
      firstName: 'Mo',
      lastName: 'Derator',
      username: `${local}_${mode}`,
      sfsu_email: `${local}@sfsu.edu`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user: res.json<{ user: SessionUser }>().user, cookie: sessionCookie(res) };
  }

  async function signIn(email: string): Promise<Actor> {
    const res = await as(ctx).post(API.login, { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return { user: res.json<{ user: SessionUser }>().user, cookie: sessionCookie(res) };
  }

  const desk = (who: Actor) => as(ctx, who).get('/api/moderation/reports');

  it('is not given to a listed address until its mailed code is entered', async () => {
    const boss = await register('boss');
    expect(boss.user).toMatchObject({ email_verified: 0, is_moderator: 0 });
    expect((await desk(boss)).statusCode).toBe(403);
    const again = await signIn('boss@sfsu.edu');
    expect(again.user.is_moderator).toBe(0);
    expect((await desk(again)).statusCode).toBe(403);

    // With `off` no code came with the registration: the owner asks for one.
    if (mode === 'off') {
      expect((await as(ctx, again).post(API.resendVerification)).statusCode).toBe(202);
    }
    const code = await smtp.codeFor('boss@sfsu.edu');
    const confirmed = await as(ctx, again).post(API.verifyEmail, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email_verified: 1, is_moderator: 1 });
    expect((await desk(again)).statusCode).toBe(200);
    const audit = await as(ctx, again).get('/api/moderation/audit');
    expect(
      audit
        .json<{ action: string; moderator: string; target_id: number }[]>()
        .find((a) => a.target_id === boss.user.user_id),
    ).toMatchObject({ action: 'moderator.grant', moderator: 'MODERATOR_EMAILS' });
  });

  it('is given once a reset link has reached the address, at the next sign-in', async () => {
    const chief = await register('chief');
    expect((await signIn('chief@sfsu.edu')).user.is_moderator).toBe(0);
    const token = await resetTokenFor(ctx, chief.user.user_id);
    const reset = await as(ctx).post(API.passwordResetConfirm, {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await signIn('chief@sfsu.edu');
    expect(after.user).toMatchObject({ email_verified: 1, is_moderator: 1 });
    expect((await desk(after)).statusCode).toBe(200);
  });

  it('does not act on a moderator flag whose address is unconfirmed (one given before this rule)', async () => {
    const early = await register('early');
    await ctx.database.db
      .updateTable('users')
      .set({ is_moderator: 1 })
      .where('user_id', '=', early.user.user_id)
      .execute();
    const res = await desk(early);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Confirm your campus e-mail to act as a moderator.');
  });
});
