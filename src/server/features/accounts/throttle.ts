import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '#shared/errors.js';
import type { Db } from '#server/db/schema.js';
import { httpError, type HttpError } from '#server/lib/http-error.js';
import { countAttempt, takeBackAttempt } from './throttle-repository.js';

/** At most `max` attempts in a fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** "1 minute", "12 minutes". */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "45 seconds", "12 minutes", "23 hours": a wait, rounded up. */
export function waitText(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return plural(wait, 'second');
  if (wait < 90 * 60) return plural(Math.ceil(wait / 60), 'minute');
  return plural(Math.ceil(wait / 3600), 'hour');
}

function refusal(code: ErrorCode, seconds: number, message?: string): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  return httpError(
    429,
    message ?? `Too many attempts. Please wait ${minutesText(wait)} and try again.`,
    { code, headers: { 'retry-after': String(wait) } },
  );
}

/** 429 `rate_limited` with Retry-After: one request too many of its kind; try after `seconds`. */
export const tooManyRequests = (seconds: number, message?: string) =>
  refusal('rate_limited', seconds, message);

/** 429 `too_many_attempts` with Retry-After: a password was tried too often. */
export const tooManyAttempts = (seconds: number, message?: string) =>
  refusal('too_many_attempts', seconds, message);

/** A counted attempt, to take back when it turns out to be a success. */
export interface Reservation {
  key: string;
  windowStart: string;
}

/**
 * Counts this attempt against each limit in turn and refuses it (429, from the counter's own
 * `refuse`, else `refuse`) at the first one it would pass. Each count is one statement (an
 * upsert that increments and returns the count), taken before any work is done, so parallel
 * requests cannot slip past a limit between a check and a write. A refused attempt gives back what it counted under the limits
 * before the refusing one: only tries that are really made count.
 */
export async function reserveAttempts(
  db: Db,
  counters: readonly { key: string; limit: Limit; refuse?: (seconds: number) => HttpError }[],
  refuse: (seconds: number) => HttpError = tooManyAttempts,
): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  for (const counter of counters) {
    const { key, limit } = counter;
    const after = new Date(Date.now() - limit.windowMs).toISOString();
    const { attempts, window_start } = await countAttempt(db, key, after);
    if (attempts > limit.max) {
      await giveBack(db, taken);
      throw (counter.refuse ?? refuse)(
        (Date.parse(window_start) + limit.windowMs - Date.now()) / 1000,
      );
    }
    taken.push({ key, windowStart: window_start });
  }
  return taken;
}

/** Takes back counted attempts (a success, or an attempt refused further on). */
export async function giveBack(db: Db, reservations: readonly Reservation[]): Promise<void> {
  for (const r of reservations) await takeBackAttempt(db, r.key, r.windowStart);
}

/**
 * Counts this request against `key` and refuses it (429 `rate_limited`) once `limit` were made
 * in the window: mail sent on request (reset links), which a success does not give back.
 */
export async function reserveTry(
  app: FastifyInstance,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  await reserveAttempts(app.db, [{ key, limit: { max: limit, windowMs } }], tooManyRequests);
}
