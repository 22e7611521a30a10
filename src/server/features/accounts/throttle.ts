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

/** "1 minute", "12 minutes". */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 with Retry-After: the request was one too many; try again after `seconds`. */
export function tooManyRequests(seconds: number, message?: string) {
  const wait = Math.max(1, Math.ceil(seconds));
  return httpError(
    429,
    message ?? `Too many attempts. Please wait ${minutesText(wait)} and try again.`,
    { headers: { 'retry-after': String(wait) } },
  );
}

/**
 * Counts this request against `key` and refuses it (429) once `limit` were made in the window.
 * The count comes first, in one statement (an upsert that increments and returns it), so
 * parallel requests cannot slip past the limit between a check and a write.
 */
export async function reserveTry(
  app: FastifyInstance,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const after = new Date(Date.now() - windowMs).toISOString();
  const { failures, window_start } = await recordThrottleFailure(app.db, key, after);
  if (failures > limit) {
    throw tooManyRequests((Date.parse(window_start) + windowMs - Date.now()) / 1000);
  }
}
