/**
 * Message digests: someone who chose e-mail for messages gets one mail gathering the
 * conversations with unread messages since the last digest, at most once per
 * MESSAGE_DIGEST_MINUTES. Messages read in the app meanwhile are not mailed.
 */
import { NOTIFICATION_KINDS } from '#shared/notification-kinds.js';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { insertMail } from '#server/mail/repository.js';
import { nowIso } from '#server/lib/time.js';
import { digestMail, type MailLinks } from './mails.js';
import { anyDigestDue, claimDueDigest, closeDigest, unreadMessageNotices } from './repository.js';

/** Conversations named in one digest, newest first; the rest wait in the centre. */
const DIGEST_ITEMS = 20;

/**
 * Sends the next digest that is due, if any: claimed, composed and queued in one transaction
 * (on PostgreSQL other instances skip the row meanwhile). True when one was due.
 */
export async function sendNextDigest(
  db: Db,
  dialect: DialectName,
  options: { links: () => Promise<MailLinks>; emailVerification: 'required' | 'off' },
): Promise<{ due: boolean; mailed: boolean }> {
  const now = nowIso();
  if (!(await anyDigestDue(db, now))) return { due: false, mailed: false };
  const links = await options.links();
  return db.transaction().execute(async (trx) => {
    const due = await claimDueDigest(trx, dialect, now);
    if (!due) return { due: false, mailed: false };
    const stillWanted =
      (due.email ?? Number(NOTIFICATION_KINDS.message.email)) === 1 &&
      due.suspended_at === null &&
      (options.emailVerification === 'off' || due.email_verified === 1);
    const items = stillWanted
      ? await unreadMessageNotices(trx, due.user_id, due.last_sent_at, DIGEST_ITEMS)
      : [];
    if (items.length > 0) await insertMail(trx, digestMail(due, items, links));
    await closeDigest(trx, due.user_id, items.length > 0 ? now : null);
    return { due: true, mailed: items.length > 0 };
  });
}
