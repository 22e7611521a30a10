/**
 * The seller's try of the buyer's handover code at a meeting on campus: the delivery's rules
 * (src/server/lib/handover-check.ts, docs/decisions/022-delivery-proof.md), with the meeting's
 * own words for the lock.
 */
import type { FastifyInstance } from 'fastify';
import { MEETING_MESSAGES } from '#shared/sales.js';
import { checkHandoverTry } from '#server/lib/handover-check.js';
import { tellMeeting } from './settle.js';

/** Resolves when `code` is the meeting's; throws the 422 or 429 otherwise. */
export function checkMeetingCode(
  app: FastifyInstance,
  meetingId: number,
  code: string,
): Promise<void> {
  return checkHandoverTry(app.db, 'meetings', meetingId, code, {
    lockedMessage: MEETING_MESSAGES.locked,
    // Told once, by the request that set the lock, to both sides (actor 0: the seller hears too).
    onLock: () => tellMeeting(app, meetingId, 'locked', 0),
  });
}
