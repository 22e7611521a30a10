/** Mailed codes that confirm a campus address (six digits, 24 hours, five tries). */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { VERIFICATION_CODE_DIGITS, VERIFICATION_CODE_HOURS } from '#shared/identity.js';
import type { Db } from '#server/db/schema.js';
import { isoIn } from '#server/lib/time.js';
import { countCodeMail } from './email-limits.js';
import { verificationMail } from './mails.js';
import { giveBack } from './throttle.js';
import { codeHash, replaceCode } from './verification-repository.js';

/** Six random digits, leading zeros kept. */
export function newCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_DIGITS)
    .toString()
    .padStart(VERIFICATION_CODE_DIGITS, '0');
}

/** Compares in constant time, so the answer's timing says nothing about the stored code. */
export function codeMatches(storedHex: string, userId: number, code: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const given = codeHash(userId, code);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * A new code for the account, mailed (queued in `db`, with the caller's change), unless codes
 * were asked for too often: then how long to wait. Past the address's own day limit, over all
 * its accounts, it is refused (429) with nothing changed.
 */
export async function sendVerificationCode(
  app: FastifyInstance,
  db: Db,
  user: { user_id: number; first_name: string; sfsu_email: string },
) {
  const counted = await countCodeMail(db, user.sfsu_email);
  const code = newCode();
  const result = await replaceCode(
    db,
    user.user_id,
    codeHash(user.user_id, code),
    isoIn(VERIFICATION_CODE_HOURS * 60 * 60 * 1000),
  );
  if (result.sent) await app.mail.enqueue(verificationMail(user, code, app.config.publicUrl), db);
  else await giveBack(db, counted);
  return result;
}
