/**
 * Limits per campus e-mail address that outlive its accounts. Per account alone, a mailed code
 * could be guessed five tries at a time by deleting the account and registering the address
 * again, with fresh counters each time. These count in `auth_throttle` under a hash of the
 * canonical address, which deleting an account leaves alone while a window runs
 * (erase-steps.ts): the address itself still leaves with the account.
 */
import { createHash } from 'node:crypto';
import { ADDRESS_DAY_LIMITS, ADDRESS_LIMIT_HOURS } from '#shared/identity.js';
import { canonicalEmail } from '#shared/names.js';
import type { Db } from '#server/db/schema.js';
import type { HttpError } from '#server/lib/http-error.js';
import {
  reserveAttempts,
  tooManyAttempts,
  tooManyRequests,
  waitText,
  type Limit,
  type Reservation,
} from './throttle.js';

export const ADDRESS_WINDOW_MS = ADDRESS_LIMIT_HOURS * 60 * 60 * 1000;
const perDay = (max: number): Limit => ({ max, windowMs: ADDRESS_WINDOW_MS });

/** The keys of an address's counters, by kind. */
export function emailLimitKeys(email: string) {
  const hash = createHash('sha256').update(canonicalEmail(email)).digest('hex');
  return {
    registrations: `new-account:mail:${hash}`,
    codeMails: `code-mail:mail:${hash}`,
    codeTries: `code-try:mail:${hash}`,
  };
}

/**
 * Counts a registration of `email` from network address `ip`, before anything is looked at,
 * and keeps the count whatever comes of it; refused (429 `too_many_attempts`) past either limit.
 */
export async function countRegistration(db: Db, perNetwork: Limit, ip: string, email: string) {
  await reserveAttempts(db, [
    {
      key: `new-account:ip:${ip}`,
      limit: perNetwork,
      refuse: (seconds) =>
        tooManyAttempts(
          seconds,
          `Too many accounts were registered from your network. Please wait ${waitText(seconds)} and try again.`,
        ),
    },
    {
      key: emailLimitKeys(email).registrations,
      limit: perDay(ADDRESS_DAY_LIMITS.registrations),
      refuse: (seconds) =>
        tooManyAttempts(
          seconds,
          `This e-mail address was registered too often. Please wait ${waitText(seconds)} and try again.`,
        ),
    },
  ]);
}

/** Counts one of `email`'s daily limits on codes, refused with `refuse` past it. */
const countForAddress = (
  db: Db,
  email: string,
  kind: 'codeMails' | 'codeTries',
  refuse: (seconds: number) => HttpError,
): Promise<Reservation[]> =>
  reserveAttempts(
    db,
    [{ key: emailLimitKeys(email)[kind], limit: perDay(ADDRESS_DAY_LIMITS[kind]) }],
    refuse,
  );

/**
 * Counts a code mailed to `email` (429 `rate_limited` past the day's limit): give it back when
 * none is sent.
 */
export const countCodeMail = (db: Db, email: string) =>
  countForAddress(db, email, 'codeMails', (seconds) =>
    tooManyRequests(
      seconds,
      `Too many codes were sent to this address. Please wait ${waitText(seconds)} and try again.`,
    ),
  );

/**
 * Counts a code entered for `email` (429 `too_many_attempts` past the day's limit): give it back
 * when it was no guess (no live code) or the right one.
 */
export const countCodeTry = (db: Db, email: string) =>
  countForAddress(db, email, 'codeTries', (seconds) =>
    tooManyAttempts(
      seconds,
      `Too many codes were tried for this address. Please wait ${waitText(seconds)} and try again.`,
    ),
  );
