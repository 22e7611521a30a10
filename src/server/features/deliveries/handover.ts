/**
 * The drop-off of a delivery asked for with a code: the courier must send the buyer's code.
 * Missing or wrong: 422, nothing changes, the tries left are said. The last allowed wrong try
 * locks drop-off for 15 minutes (429 with Retry-After) and the buyer and the vendor are told,
 * live and as a notification (the one source of events, decision 026). The code itself is never logged, published or answered here.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG, HANDOVER_MESSAGES } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { httpError } from '#server/lib/http-error.js';
import { isoIn } from '#server/lib/time.js';
import { findInstruction } from './repository.js';
import { giveBackTry, lockHandover, reserveHandoverTry } from './handover-repository.js';

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function locked(until: string) {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 1000));
  return httpError(429, HANDOVER_MESSAGES.locked, {
    code: 'rate_limited',
    headers: { 'retry-after': String(seconds) },
  });
}

/** Resolves when `code` is the delivery's; throws the 422 or 429 otherwise. */
export async function checkHandoverCode(
  app: FastifyInstance,
  delivery: DeliveryInstruction,
  code: string | undefined,
  /** Who tried the code: the courier holding the delivery. */
  courierId: number,
): Promise<void> {
  if (code === undefined) throw httpError(422, HANDOVER_MESSAGES.missing);
  const attempt = await reserveHandoverTry(app.db, delivery.delivery_id);
  // A delivery asked for with a code always has one; without it there is nothing to check.
  if (attempt.kind === 'none') return;
  if (attempt.kind === 'locked') throw locked(attempt.until);
  if (sameCode(attempt.code, code)) {
    await giveBackTry(app.db, delivery.delivery_id);
    return;
  }
  if (attempt.wrongTries < HANDOVER_MAX_WRONG) {
    throw httpError(422, HANDOVER_MESSAGES.wrong(HANDOVER_MAX_WRONG - attempt.wrongTries));
  }
  const until = await lockHandover(app.db, delivery.delivery_id);
  if (until) {
    // Told once, by the request that set the lock; screens show it from handover_locked_until.
    const current = (await findInstruction(app.db, delivery.delivery_id)) ?? delivery;
    await app.notify({ type: 'handover.locked', actorId: courierId, delivery: current });
  }
  throw locked(until ?? isoIn(HANDOVER_LOCK_MS));
}
