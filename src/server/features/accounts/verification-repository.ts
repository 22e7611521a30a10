/** The SQL of campus e-mail verification: one live code per account. */
import { createHash } from 'node:crypto';
import {
  VERIFICATION_MAX_TRIES,
  VERIFICATION_RESEND_SECONDS,
  VERIFICATION_RESENDS_PER_HOUR,
} from '#shared/identity.js';
import { fixedWindow } from '#server/db/fixed-window.js';
import type { Db } from '#server/db/schema.js';
import { isoIn, nowIso } from '#server/lib/time.js';

const HOUR_MS = 60 * 60 * 1000;

/** The code as stored: a hash bound to the account, so a code is only ever another's hash. */
export function codeHash(userId: number, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`).digest();
}

/**
 * Stores a new code for the account in place of any earlier one, unless one was sent less
 * than a minute ago or five this hour: then it answers how many seconds to wait. The check and
 * the write are one statement, so parallel requests cannot send more.
 */
export async function replaceCode(
  db: Db,
  userId: number,
  hash: Buffer,
  expiresAt: string,
): Promise<{ sent: true } | { sent: false; retryAfterSeconds: number }> {
  const now = nowIso();
  const minuteAgo = isoIn(-VERIFICATION_RESEND_SECONDS * 1000);
  const hourAgo = isoIn(-HOUR_MS);
  const sends = fixedWindow({ start: 'window_start', count: 'window_sends' }, hourAgo);
  const updated = await db
    .updateTable('email_verifications')
    .set({
      code_hash: hash.toString('hex'),
      expires_at: expiresAt,
      tries: 0,
      sent_at: now,
      window_start: sends.start(now),
      window_sends: sends.count,
    })
    .where('user_id', '=', userId)
    .where('sent_at', '<=', minuteAgo)
    .where(sends.allows(VERIFICATION_RESENDS_PER_HOUR))
    .returning('user_id')
    .executeTakeFirst();
  if (updated) return { sent: true };
  const inserted = await db
    .insertInto('email_verifications')
    .values({
      user_id: userId,
      code_hash: hash.toString('hex'),
      expires_at: expiresAt,
      tries: 0,
      sent_at: now,
      window_start: now,
      window_sends: 1,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) return { sent: true };
  const row = await db
    .selectFrom('email_verifications')
    .select(['sent_at', 'window_start', 'window_sends'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { sent: false, retryAfterSeconds: 1 };
  const untilMinute = Date.parse(row.sent_at) + VERIFICATION_RESEND_SECONDS * 1000 - Date.now();
  const untilHour =
    row.window_sends >= VERIFICATION_RESENDS_PER_HOUR
      ? Date.parse(row.window_start) + HOUR_MS - Date.now()
      : 0;
  return {
    sent: false,
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(untilMinute, untilHour) / 1000)),
  };
}

/**
 * Takes one try of the account's code before it is compared (so parallel guesses cannot pass
 * the limit): the stored hash and the tries now used, or undefined when there is no live code
 * (none sent, expired, or spent).
 */
export function takeTry(db: Db, userId: number) {
  return db
    .updateTable('email_verifications')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('tries', '<', VERIFICATION_MAX_TRIES)
    .where('expires_at', '>', nowIso())
    .returning(['code_hash', 'tries'])
    .executeTakeFirst();
}

/** The address is confirmed: the flag set, the code gone. */
export async function markVerified(db: Db, userId: number) {
  await db.updateTable('users').set({ email_verified: 1 }).where('user_id', '=', userId).execute();
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}
