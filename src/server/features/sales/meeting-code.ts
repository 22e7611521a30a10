/**
 * The seller's try of the buyer's handover code at a meeting on campus: the delivery's rules
 * (docs/decisions/022-delivery-proof.md). Each try is spent before the code is compared; a wrong
 * one is 422 with the tries left; the last allowed wrong try locks the handover for 15 minutes
 * (429 with Retry-After) and both sides are told. The code itself is never logged, published or
 * answered here.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG, HANDOVER_MESSAGES } from '#shared/handover.js';
import { MEETING_MESSAGES } from '#shared/sales.js';
import { httpError } from '#server/lib/http-error.js';
import { isoIn } from '#server/lib/time.js';
import {
  giveBackMeetingTry,
  lockMeetingHandover,
  reserveMeetingTry,
} from './meetings-repository.js';
import { tellMeeting } from './settle.js';

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function locked(until: string) {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 1000));
  return httpError(429, MEETING_MESSAGES.locked, {
    code: 'rate_limited',
    headers: { 'retry-after': String(seconds) },
  });
}

/** Resolves when `code` is the meeting's; throws the 422 or 429 otherwise. */
export async function checkMeetingCode(
  app: FastifyInstance,
  meetingId: number,
  code: string,
): Promise<void> {
  const attempt = await reserveMeetingTry(app.db, meetingId);
  if (attempt.kind === 'locked') throw locked(attempt.until);
  if (sameCode(attempt.code, code)) {
    await giveBackMeetingTry(app.db, meetingId);
    return;
  }
  if (attempt.wrongTries < HANDOVER_MAX_WRONG) {
    throw httpError(422, HANDOVER_MESSAGES.wrong(HANDOVER_MAX_WRONG - attempt.wrongTries));
  }
  const until = await lockMeetingHandover(app.db, meetingId);
  // Told once, by the request that set the lock, to both sides (actor 0: the seller hears too).
  if (until) await tellMeeting(app, meetingId, 'locked', 0);
  throw locked(until ?? isoIn(HANDOVER_LOCK_MS));
}
