import type { FastifyInstance } from 'fastify';
import { httpError } from '#server/lib/http-error.js';
import { clearThrottle, recordThrottleFailure, throttleFailures } from './repository.js';

export interface ThrottleLimits {
  /** Failed sign-ins per account in a window. */
  perAccount: number;
  /** Failed sign-ins and registrations per address in a window: generous, campus Wi-Fi is shared. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perAccount: 5,
  perAddress: 200,
  windowMs: 15 * 60 * 1000,
};

const tooMany = (minutes: number) =>
  httpError(429, `Too many attempts. Please wait ${minutes} minutes and try again.`, {
    headers: { 'retry-after': String(minutes * 60) },
  });

/** Counts failures per account and per address; refuses with 429 once a limit is reached. */
export function createThrottle(app: FastifyInstance, limits: ThrottleLimits) {
  const windowStartAfter = () => new Date(Date.now() - limits.windowMs).toISOString();
  const minutes = Math.ceil(limits.windowMs / 60000);
  const keys = (kind: string, address: string, account?: string) => ({
    address: `${kind}:ip:${address}`,
    account: account ? `${kind}:acct:${account}` : null,
  });

  return {
    async check(kind: string, address: string, account?: string) {
      const k = keys(kind, address, account);
      const after = windowStartAfter();
      if ((await throttleFailures(app.db, k.address, after)) >= limits.perAddress)
        throw tooMany(minutes);
      if (k.account && (await throttleFailures(app.db, k.account, after)) >= limits.perAccount)
        throw tooMany(minutes);
    },
    async fail(kind: string, address: string, account?: string) {
      const k = keys(kind, address, account);
      const after = windowStartAfter();
      await recordThrottleFailure(app.db, k.address, after);
      if (k.account) await recordThrottleFailure(app.db, k.account, after);
    },
    async succeed(kind: string, account: string) {
      await clearThrottle(app.db, `${kind}:acct:${account}`);
    },
  };
}
