/**
 * A try of the buyer's handover code, for a drop-off or a meeting on campus alike
 * (docs/decisions/022-delivery-proof.md): each try is spent before the code is compared; a wrong
 * one is 422 with the tries left; the last allowed wrong try locks the handover for 15 minutes
 * (429 with Retry-After) and the one request that set the lock tells both sides. The code itself
 * is never logged, published or answered here.
 */
import { timingSafeEqual } from 'node:crypto';
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG, HANDOVER_MESSAGES } from '#shared/handover.js';
import type { Db } from '#server/db/schema.js';
import {
  giveBackHandoverTry,
  lockHandover,
  reserveHandoverTry,
  type CodeHolder,
} from './handover-tries-repository.js';
import { httpError } from './http-error.js';
import { isoIn } from './time.js';

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function locked(message: string, until: string) {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 1000));
  return httpError(429, message, {
    code: 'rate_limited',
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Resolves when `code` is the one kept for `id` in `holder` (or none is kept: a delivery asked
 * for without one); throws the 422 or 429 otherwise. `onLock` tells both sides, once.
 */
export async function checkHandoverTry(
  db: Db,
  holder: CodeHolder,
  id: number,
  code: string,
  how: { lockedMessage: string; onLock: () => Promise<void> },
): Promise<void> {
  const attempt = await reserveHandoverTry(db, holder, id);
  if (attempt.kind === 'none') return;
  if (attempt.kind === 'locked') throw locked(how.lockedMessage, attempt.until);
  if (sameCode(attempt.code, code)) {
    await giveBackHandoverTry(db, holder, id);
    return;
  }
  if (attempt.wrongTries < HANDOVER_MAX_WRONG) {
    throw httpError(422, HANDOVER_MESSAGES.wrong(HANDOVER_MAX_WRONG - attempt.wrongTries));
  }
  const until = await lockHandover(db, holder, id);
  if (until) await how.onLock();
  throw locked(how.lockedMessage, until ?? isoIn(HANDOVER_LOCK_MS));
}
