/**
 * Limits per campus e-mail address that outlive its accounts, and registrations per network
 * address, with the product's own limits: deleting an account and registering the address again
 * no longer renews its mailed codes' tries (issue 49: 30 cycles gave 150 guesses and 30 mails).
 */
import { describe, expect, it } from 'vitest';
import { API } from '#shared/api-paths.js';
import { ADDRESS_DAY_LIMITS, REGISTRATIONS_PER_HOUR } from '#shared/identity.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { loadConfig } from '#server/config.js';
import { emailLimitKeys } from '#server/features/accounts/email-limits.js';
import {
  DEFAULT_SIGN_IN_LIMITS,
  signInLimitsFor,
} from '#server/features/accounts/sign-in-guard.js';
import { ageVerification } from '../data.js';
import { as, countRows, mailingAppForFile, sessionCookie, type Actor } from '../harness.js';

const { ctx, smtp } = await mailingAppForFile({ throttle: DEFAULT_SIGN_IN_LIMITS });

const PASSWORD = 'long enough';
const DAY_SECONDS = 24 * 60 * 60;
let names = 0;
let networks = 0;
/** A network address no other test uses. */
const newNetwork = () => `10.49.${Math.floor(networks / 250)}.${(networks++ % 250) + 1}`;

const register = (email: string, ip = newNetwork()) =>
  ctx.app.inject({
    method: 'POST',
    url: API.register,
    remoteAddress: ip,
    payload: {
      firstName: 'Val',
      lastName: 'Victim',
      username: `addr_${names++}`,
      sfsu_email: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });

const actorOf = (res: Awaited<ReturnType<typeof register>>): Actor => ({
  user: res.json<{ user: SessionUser }>().user,
  cookie: sessionCookie(res),
});

const deleteAccount = (who: Actor) =>
  ctx.app.inject({
    method: 'DELETE',
    url: API.me,
    headers: { cookie: who.cookie },
    payload: { password: PASSWORD },
  });

/** Six digits that are not `code`. */
const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

/** Mails the stand-in received for the canonical address `local@sfsu.edu` (any +tag). */
const mailsTo = (local: string) =>
  smtp.mails.filter((m) => m.to.some((to) => new RegExp(`^${local}(\\+[^@]*)?@`).test(to)));

function expectRefusal(
  res: Awaited<ReturnType<typeof register>>,
  code: string,
  message: RegExp,
  maxSeconds: number,
) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ code });
  expect(res.json().message).toMatch(message);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
}

/** The address's counters that are left, by kind. */
async function counters(email: string): Promise<Record<string, number>> {
  const keys = emailLimitKeys(email);
  const rows = await ctx.database.db
    .selectFrom('auth_throttle')
    .select(['key', 'attempts'])
    .where('key', 'in', Object.values(keys))
    .execute();
  return Object.fromEntries(
    Object.entries(keys).flatMap(([kind, key]) => {
      const row = rows.find((r) => r.key === key);
      return row ? [[kind, row.attempts]] : [];
    }),
  );
}

/** Moves the account's code back in time, so a new one may be asked for at once. */
const ageCode = (who: Actor, seconds: number) =>
  ageVerification(ctx, who, seconds, { expiry: false });

describe('an e-mail address deleted and registered again', () => {
  it('gets no more code tries, registrations or mails: 30 cycles of 5 wrong codes', async () => {
    const answers: number[] = [];
    let accepted = 0;
    for (let cycle = 0; cycle < 30; cycle++) {
      // Each cycle from a network address of its own, and under another +tag of the address.
      const email = `victim+${cycle}@sfsu.edu`;
      const reg = await register(email);
      if (reg.statusCode !== 201) {
        expectRefusal(reg, 'too_many_attempts', /registered too often/, DAY_SECONDS);
        continue;
      }
      accepted++;
      const who = actorOf(reg);
      const code = await smtp.codeFor(email);
      for (const wrong of wrongCodes(code, 5)) {
        const res = await as(ctx, who).post(API.verifyEmail, { code: wrong });
        answers.push(res.statusCode);
        if (res.statusCode === 429) {
          expectRefusal(res, 'too_many_attempts', /Too many codes were tried/, DAY_SECONDS);
        } else {
          expect(res.statusCode, res.body).toBe(422);
        }
      }
      // Past the bound even the right code waits: the tries are the address's, not the account's.
      if (answers.filter((s) => s === 422).length >= ADDRESS_DAY_LIMITS.codeTries) {
        const right = await as(ctx, who).post(API.verifyEmail, { code });
        expect(right.statusCode).toBe(429);
      }
      expect((await deleteAccount(who)).statusCode).toBe(200);
    }
    expect(accepted).toBe(ADDRESS_DAY_LIMITS.registrations);
    expect(answers.filter((s) => s === 422)).toHaveLength(ADDRESS_DAY_LIMITS.codeTries);
    expect(answers.filter((s) => s === 429)).toHaveLength(
      accepted * 5 - ADDRESS_DAY_LIMITS.codeTries,
    );
    // One mail per accepted registration, and none queued after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('victim')).toHaveLength(accepted);
    const queued = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', 'like', 'victim%')
      .execute();
    expect(queued).toEqual([]);
    // The counters know the address only by a hash.
    const keys = await ctx.database.db.selectFrom('auth_throttle').select('key').execute();
    expect(keys.filter((k) => k.key.includes('victim'))).toEqual([]);
    // Letter case and +tags are the same address.
    expectRefusal(
      await register('VICTIM@sfsu.edu'),
      'too_many_attempts',
      /registered too often/,
      DAY_SECONDS,
    );
  });

  it('counts a registration refused as taken too', async () => {
    const first = await register('taken.twice@sfsu.edu');
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < ADDRESS_DAY_LIMITS.registrations; i++) {
      expect((await register('taken.twice@sfsu.edu')).statusCode).toBe(409);
    }
    expectRefusal(
      await register('Taken.Twice@sfsu.edu'),
      'too_many_attempts',
      /This e-mail address was registered too often\. Please wait \d+ hours and try again\./,
      DAY_SECONDS,
    );
  });

  it('counts registrations of one address sent all at once, each once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => register('all.at.once@sfsu.edu')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(ADDRESS_DAY_LIMITS.registrations - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - ADDRESS_DAY_LIMITS.registrations);
  });

  it('gets no more code mails than the day allows, over its accounts; a refused registration changes nothing', async () => {
    const email = 'mailed.often@sfsu.edu';
    const first = actorOf(await register(email));
    await smtp.mailTo(email);
    // Resends are allowed once a minute and five an hour per account: an hour passes each time.
    for (let sent = 1; sent < ADDRESS_DAY_LIMITS.codeMails; sent++) {
      await ageCode(first, 60 * 60 + 1);
      const res = await as(ctx, first).post(API.resendVerification);
      expect(res.statusCode, res.body).toBe(202);
    }
    await ageCode(first, 60 * 60 + 1);
    const refused = await as(ctx, first).post(API.resendVerification);
    expectRefusal(refused, 'rate_limited', /Too many codes were sent to this address/, DAY_SECONDS);
    // The day's window, not the account's hour.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
    // Every code out before the account goes (deleting it drops the mail still queued).
    await smtp.mailTo(email, { after: ADDRESS_DAY_LIMITS.codeMails - 1 });
    expect((await deleteAccount(first)).statusCode).toBe(200);

    const before = await countRows(ctx);
    const again = await register(email);
    expectRefusal(again, 'rate_limited', /Too many codes were sent to this address/, DAY_SECONDS);
    expect(await countRows(ctx)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('mailed.often')).toHaveLength(ADDRESS_DAY_LIMITS.codeMails);
  });

  it('counts only wrong codes: one with no live code, or the right one, gives its try back', async () => {
    const email = 'counted.right@sfsu.edu';
    const who = actorOf(await register(email));
    const code = await smtp.codeFor(email);
    // Five wrong tries spend the code; the tries after it are no guesses.
    for (const wrong of wrongCodes(code, 8)) {
      await as(ctx, who).post(API.verifyEmail, { code: wrong });
    }
    await ageCode(who, 61);
    expect((await as(ctx, who).post(API.resendVerification)).statusCode).toBe(202);
    const fresh = await smtp.codeFor(email, { after: 1 });
    expect((await as(ctx, who).post(API.verifyEmail, { code: fresh })).statusCode).toBe(200);
    expect(await counters(email)).toMatchObject({ codeTries: 5, codeMails: 2, registrations: 1 });
  });

  it('keeps the address’s counters while their day runs, and lets ended ones go with the account', async () => {
    const email = 'leaves.later@sfsu.edu';
    const who = actorOf(await register(email));
    const code = await smtp.codeFor(email);
    await as(ctx, who).post(API.verifyEmail, { code: wrongCodes(code, 1)[0] });
    expect(await counters(email)).toEqual({ registrations: 1, codeMails: 1, codeTries: 1 });
    // The registration's day is over; the others still run.
    await ctx.database.db
      .updateTable('auth_throttle')
      .set({ window_start: new Date(Date.now() - (DAY_SECONDS + 1) * 1000).toISOString() })
      .where('key', '=', emailLimitKeys(email).registrations)
      .execute();
    expect((await deleteAccount(who)).statusCode).toBe(200);
    expect(await counters(email)).toEqual({ codeMails: 1, codeTries: 1 });
  });
});

describe('registrations from one network address', () => {
  it('are counted whether they succeed or not, and refused past the hour’s limit', async () => {
    const ip = '10.49.200.1';
    const max = DEFAULT_SIGN_IN_LIMITS.registrations.max;
    expect(max).toBe(REGISTRATIONS_PER_HOUR);
    const taken = await register('net.taken@sfsu.edu', '10.49.200.2');
    expect(taken.statusCode).toBe(201);
    // One of them finds its address taken: it counts as well.
    expect((await register('net.taken@sfsu.edu', ip)).statusCode).toBe(409);
    for (let i = 1; i < max; i++) {
      const res = await register(`net.${i}@sfsu.edu`, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await countRows(ctx);
    const refused = await register('net.late@sfsu.edu', ip);
    expectRefusal(
      refused,
      'too_many_attempts',
      /^Too many accounts were registered from your network\. Please wait \d+ minutes? and try again\.$/,
      60 * 60,
    );
    expect(await countRows(ctx)).toEqual(before);
    // Nothing was counted against the address refused: it registers from elsewhere.
    expect((await register('net.late@sfsu.edu', '10.49.200.3')).statusCode).toBe(201);
  });

  it('take their hour’s limit from REGISTRATIONS_PER_HOUR', () => {
    const base = {};
    expect(signInLimitsFor(loadConfig(base)).registrations).toEqual({
      max: REGISTRATIONS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    });
    expect(
      signInLimitsFor(loadConfig({ ...base, REGISTRATIONS_PER_HOUR: '400' })).registrations.max,
    ).toBe(400);
    expect(() => loadConfig({ ...base, REGISTRATIONS_PER_HOUR: '0' })).toThrow(
      /REGISTRATIONS_PER_HOUR must be 1 to 100000/,
    );
  });
});
