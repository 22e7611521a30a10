/**
 * Flood limits per account (messages, new listings, reports), counted in the database so every
 * instance shares them. Each limit is a fixed window that starts with the account's first use;
 * one statement spends a unit only while some is left, so parallel requests cannot overspend,
 * and a refused request spends nothing.
 */
import type { FastifyInstance } from 'fastify';
import { FLOOD_LIMITS, FLOOD_MESSAGES, type FloodLimitName } from '#shared/moderation.js';
import type { Db } from '#server/db/schema.js';
import { httpError } from '#server/lib/http-error.js';
import { nowIso } from '#server/lib/time.js';
import { floodWindowStart, spendFloodUnit } from './repository.js';

const REFUSED = Symbol('flood limit reached');

/** Spends one unit of `name` for the account; undefined when none was left. */
async function spend(db: Db, key: string, name: FloodLimitName, now: number) {
  const { max, windowMs } = FLOOD_LIMITS[name];
  const startedAfter = new Date(now - windowMs).toISOString();
  const at = new Date(now).toISOString();
  return spendFloodUnit(db, key, { max, startedAfter, at });
}

const keyOf = (name: FloodLimitName, userId: number) => `${name}:${userId}`;

/**
 * Spends one unit of each limit for the account, or none: when one is used up, answers 429
 * with its message and Retry-After (when its window ends). Nothing is counted with
 * FLOOD_LIMITS=off.
 */
export async function spendFloodAllowance(
  app: FastifyInstance,
  userId: number,
  names: FloodLimitName[],
): Promise<void> {
  if (!app.config.floodLimits) return;
  const now = Date.now();
  let refused: FloodLimitName | undefined;
  try {
    await app.db.transaction().execute(async (trx) => {
      for (const name of names) {
        if (!(await spend(trx, keyOf(name, userId), name, now))) {
          refused = name;
          throw REFUSED;
        }
      }
    });
  } catch (error) {
    if (error !== REFUSED || !refused) throw error;
    const started = await floodWindowStart(app.db, keyOf(refused, userId));
    const ends = Date.parse(started ?? nowIso()) + FLOOD_LIMITS[refused].windowMs;
    const seconds = Math.max(1, Math.ceil((ends - now) / 1000));
    throw httpError(429, FLOOD_MESSAGES[refused], { headers: { 'retry-after': String(seconds) } });
  }
}
