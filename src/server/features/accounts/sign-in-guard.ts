/**
 * Guessing limits that hold under concurrency (docs/decisions/024-sign-in-guard.md). Every
 * password check is counted before the password is hashed, in one atomic step per key, so
 * parallel requests on any instance cannot pass a limit; a success gives its count back.
 */
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { REGISTRATIONS_PER_HOUR } from '#shared/identity.js';
import type { Config } from '#server/config.js';
import { createAddressGate } from './address-gate.js';
import { countRegistration } from './email-limits.js';
import { clearAttempts } from './throttle-repository.js';
import { giveBack, reserveAttempts, type Limit } from './throttle.js';

export interface SignInLimits {
  /** Tries at one account from one address. */
  accountAddress: Limit;
  /** Tries at one account from every address together (a password reset lifts it). */
  account: Limit;
  /** Failed tries from one address, whatever the account: generous, campus Wi-Fi is shared. */
  address: Limit;
  /** Registrations from one address, whether they succeed or not (REGISTRATIONS_PER_HOUR). */
  registrations: Limit;
  /** Password checks from one address at once, on each instance... */
  inFlightPerAddress: number;
  /** ...and how many more may wait their turn before the answer is 429. */
  waitingPerAddress: number;
}

const MINUTE = 60 * 1000;

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  accountAddress: { max: 5, windowMs: 15 * MINUTE },
  // NIST SP 800-63B, 5.2.2: at most 100 failed attempts on one account.
  account: { max: 100, windowMs: 60 * MINUTE },
  address: { max: 200, windowMs: 15 * MINUTE },
  registrations: { max: REGISTRATIONS_PER_HOUR, windowMs: 60 * MINUTE },
  inFlightPerAddress: 2,
  waitingPerAddress: 32,
};

/** The product's limits, with the registrations per network address of REGISTRATIONS_PER_HOUR. */
export function signInLimitsFor(config: Pick<Config, 'registrationsPerHour'>): SignInLimits {
  const { registrations } = DEFAULT_SIGN_IN_LIMITS;
  return {
    ...DEFAULT_SIGN_IN_LIMITS,
    registrations: { ...registrations, max: config.registrationsPerHour },
  };
}

/**
 * Each password check, by network address: `{ address, phase: 'start' | 'end' }` on this
 * diagnostics channel (the tests count what is in flight; an operator may trace it).
 */
export const PASSWORD_CHECK_CHANNEL = 'gator-market:password-check';
const checks = channel(PASSWORD_CHECK_CHANNEL);

export interface PasswordCheckMessage {
  address: string;
  phase: 'start' | 'end';
}

async function traced<T>(address: string, work: () => Promise<T>): Promise<T> {
  if (checks.hasSubscribers) checks.publish({ address, phase: 'start' });
  try {
    return await work();
  } finally {
    if (checks.hasSubscribers) checks.publish({ address, phase: 'end' });
  }
}

/** Keys in `auth_throttle`; `account` is the canonical e-mail (src/shared/names.ts). */
const keyOf = {
  pair: (account: string, address: string) => `login:acct:${account}:ip:${address}`,
  account: (account: string) => `login:acct:${account}`,
  address: (kind: string, address: string) => `${kind}:ip:${address}`,
};

export function createSignInGuard(app: FastifyInstance, limits: SignInLimits) {
  const gate = createAddressGate(limits.inFlightPerAddress, limits.waitingPerAddress);
  const db = app.db;

  return {
    /**
     * One password check of `account` from `address`. `check` answers what it found (the
     * account) or null for a wrong password (or an unknown account). Refused with 429
     * `too_many_attempts` when a limit is reached: per account and address first, so someone
     * else's guesses never lock the owner out at their own address, then per address, then the
     * account's ceiling. A success clears its pair and takes back its other counts.
     */
    async checkPassword<T>(
      address: string,
      account: string,
      check: () => Promise<T | null>,
    ): Promise<T | null> {
      return gate(address, async () => {
        const pair = keyOf.pair(account, address);
        const reserved = await reserveAttempts(db, [
          { key: pair, limit: limits.accountAddress },
          { key: keyOf.address('login', address), limit: limits.address },
          { key: keyOf.account(account), limit: limits.account },
        ]);
        const found = await traced(address, check);
        if (found !== null) {
          await clearAttempts(db, [pair]);
          await giveBack(db, reserved.slice(1));
        }
        return found;
      });
    },

    /**
     * Work that hashes a password for `address` and could be a guess (a registration that
     * finds the e-mail taken, a reset link that does not work): counted per address, given
     * back when the work succeeds, kept when it throws.
     */
    async counted<T>(kind: 'register' | 'reset', address: string, work: () => Promise<T>) {
      return gate(address, async () => {
        const reserved = await reserveAttempts(db, [
          { key: keyOf.address(kind, address), limit: limits.address },
        ]);
        const result = await traced(address, work);
        await giveBack(db, reserved);
        return result;
      });
    },

    /**
     * A registration of `email` from `address`, counted per network address and per e-mail
     * address (over the address's deleted accounts too) before anything is looked at.
     */
    countRegistration(address: string, email: string) {
      return countRegistration(db, limits.registrations, address, email);
    },

    /** The owner proved the mailbox (a reset): the account's ceiling and this address's lock end. */
    async lift(account: string, address: string) {
      await clearAttempts(db, [keyOf.account(account), keyOf.pair(account, address)]);
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
