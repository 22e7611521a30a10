/**
 * Guessing limits under concurrency, with the product's own limits (docs/decisions/024): each
 * try is counted before the password is hashed, so parallel guesses cannot pass a limit; one
 * address never has more than two checks in flight; someone else's guesses do not lock the
 * owner out, up to the account's ceiling, which a password reset lifts.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/api-paths.js';
import { createUser } from '#server/db/factories.js';
import {
  DEFAULT_SIGN_IN_LIMITS,
  PASSWORD_CHECK_CHANNEL,
  type PasswordCheckMessage,
} from '#server/features/accounts/sign-in-guard.js';
import { resetTokenFor } from '../data.js';
import { appForFile, createTestApp, type TestContext } from '../harness.js';

const ctx = await appForFile({ throttle: DEFAULT_SIGN_IN_LIMITS });

const RIGHT = 'campus-demo-1';
const MINUTE = 60 * 1000;
/** Dozens of real scrypt checks take seconds on a quiet machine, far longer on a busy one. */
const MANY_CHECKS = { timeout: 180_000 };

/** A sign-in from a network address of the test's choosing. */
const login = (email: string, password: string, address = '10.0.0.1', on = ctx) =>
  on.app.inject({
    method: 'POST',
    url: API.login,
    payload: { email, password },
    remoteAddress: address,
  });

/** Counts the password checks made, and the most in flight at once, per address. */
function countChecks() {
  const started = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const listener = (message: unknown) => {
    const { address, phase } = message as PasswordCheckMessage;
    const now = (inFlight.get(address) ?? 0) + (phase === 'start' ? 1 : -1);
    inFlight.set(address, now);
    if (phase === 'start') started.set(address, (started.get(address) ?? 0) + 1);
    peak.set(address, Math.max(peak.get(address) ?? 0, now));
  };
  subscribe(PASSWORD_CHECK_CHANNEL, listener);
  const stop = () => unsubscribe(PASSWORD_CHECK_CHANNEL, listener);
  stoppers.push(stop);
  return {
    checked: (address: string) => started.get(address) ?? 0,
    peak: (address: string) => peak.get(address) ?? 0,
    stop,
  };
}
const stoppers: (() => void)[] = [];
afterEach(() => {
  for (const stop of stoppers.splice(0)) stop();
});

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (answers: { statusCode: number }[], status: number) =>
  statuses(answers).filter((s) => s === status).length;

describe('one account, one address', () => {
  it(
    'checks at most five of 40 wrong passwords sent at once; the rest are 429 with Retry-After',
    MANY_CHECKS,
    async () => {
      const owner = await createUser(ctx.database.db);
      const checks = countChecks();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(owner.sfsu_email, `guess-${i}`, '10.1.0.1')),
      );
      expect(checks.checked('10.1.0.1')).toBeLessThanOrEqual(5);
      expect(count(answers, 401)).toBe(checks.checked('10.1.0.1'));
      expect(count(answers, 429)).toBe(40 - count(answers, 401));
      for (const refused of answers.filter((a) => a.statusCode === 429)) {
        expect(refused.json().code).toBe('too_many_attempts');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The lock holds for the right password too, from that address.
      expect((await login(owner.sfsu_email, RIGHT, '10.1.0.1')).statusCode).toBe(429);
    },
  );

  it('lets the right password through among 30 sent at once only if it is one of the five checked', async () => {
    const owner = await createUser(ctx.database.db);
    const checks = countChecks();
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 29 ? RIGHT : `guess-${i}`));
    const answers = await Promise.all(passwords.map((p) => login(owner.sfsu_email, p, '10.2.0.1')));
    const checked = checks.checked('10.2.0.1');
    expect(checked).toBeLessThanOrEqual(5);
    expect(count(answers, 401) + count(answers, 200)).toBe(checked);
    expect(count(answers, 429)).toBe(30 - checked);
  });

  it('clears its own count on a success, which counts nowhere else', async () => {
    const owner = await createUser(ctx.database.db);
    for (let i = 0; i < 4; i++) await login(owner.sfsu_email, `guess-${i}`, '10.3.0.1');
    expect((await login(owner.sfsu_email, RIGHT, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.sfsu_email, `again-${i}`, '10.3.0.1')).statusCode).toBe(401);
    }
    const row = await ctx.database.db
      .selectFrom('auth_throttle')
      .selectAll()
      .where('key', '=', `login:acct:${owner.sfsu_email}`)
      .executeTakeFirstOrThrow();
    // Nine wrong passwords in all; the right one took its count back.
    expect(row.attempts).toBe(9);
  });
});

describe("someone else's guesses", () => {
  it('do not lock the owner out at their own address', async () => {
    const owner = await createUser(ctx.database.db);
    for (let i = 0; i < 5; i++) await login(owner.sfsu_email, `guess-${i}`, '10.4.0.1');
    expect((await login(owner.sfsu_email, RIGHT, '10.4.0.1')).statusCode).toBe(429);
    expect((await login(owner.sfsu_email, RIGHT, '10.4.0.2')).statusCode).toBe(200);
  });

  it('are bounded by the product’s limits: 5 per account and address, 200 per address, 100 per account', () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toMatchObject({
      accountAddress: { max: 5, windowMs: 15 * MINUTE },
      address: { max: 200, windowMs: 15 * MINUTE },
      account: { max: 100, windowMs: 60 * MINUTE },
      inFlightPerAddress: 2,
    });
  });

  describe('from many addresses', () => {
    // The account's ceiling lowered to 15 (three addresses' worth) so the test makes 15 real
    // checks, not a hundred; the rule is the same.
    const CEILING = 15;
    let low: TestContext;
    beforeAll(async () => {
      low = await createTestApp({
        throttle: { ...DEFAULT_SIGN_IN_LIMITS, account: { max: CEILING, windowMs: 60 * MINUTE } },
      });
    });
    afterAll(async () => low.close());

    it('stop at the account’s ceiling, for the owner too, until a password reset lifts it', async () => {
      const owner = await createUser(low.database.db);
      const checks = countChecks();
      for (let a = 0; a < CEILING / 5; a++) {
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            login(owner.sfsu_email, `g${a}-${i}`, `10.5.0.${a}`, low),
          ),
        );
        expect(statuses(answers)).toEqual([401, 401, 401, 401, 401]);
      }
      const refused = await login(owner.sfsu_email, 'one more', '10.5.1.1', low);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_attempts');
      expect(checks.checked('10.5.1.1')).toBe(0);
      // Now the owner too, wherever they are: the ceiling protects the account.
      expect((await login(owner.sfsu_email, RIGHT, '10.5.2.1', low)).statusCode).toBe(429);

      const token = await resetTokenFor(low, owner.user_id);
      const reset = await low.app.inject({
        method: 'POST',
        url: API.passwordResetConfirm,
        payload: { token, password: 'a new password', confirmPassword: 'a new password' },
        remoteAddress: '10.5.2.1',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await login(owner.sfsu_email, 'a new password', '10.5.2.1', low)).statusCode).toBe(
        200,
      );
    });
  });
});

describe('one address flooding', () => {
  it(
    'never has more than two checks in flight; the rest wait their turn or get 429',
    MANY_CHECKS,
    async () => {
      const checks = countChecks();
      const flood = Promise.all(
        Array.from({ length: 100 }, (_, i) => login(`nobody${i}@sfsu.edu`, 'guess', '10.6.0.1')),
      );
      // An honest sign-in from another address meanwhile goes through.
      const honest = await createUser(ctx.database.db);
      const signedIn = await login(honest.sfsu_email, RIGHT, '10.6.0.2');
      const answers = await flood;
      expect(signedIn.statusCode).toBe(200);
      expect(checks.peak('10.6.0.1')).toBeLessThanOrEqual(
        DEFAULT_SIGN_IN_LIMITS.inFlightPerAddress,
      );
      expect(checks.peak('10.6.0.1')).toBeGreaterThan(0);
      // Those that waited were checked (401); beyond the line, 429 at once, checking nothing.
      expect(count(answers, 401)).toBe(checks.checked('10.6.0.1'));
      expect(count(answers, 429)).toBe(100 - count(answers, 401));
      expect(count(answers, 429)).toBeGreaterThan(0);
      const busy = answers.find((a) => a.statusCode === 429)!;
      expect(busy.json().code).toBe('too_many_attempts');
      expect(busy.headers['retry-after']).toBe('1');
    },
  );
});
