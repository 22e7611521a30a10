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
  const peek = await db
    .selectFrom('message_digests')
    .select('user_id')
    .where('due_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  if (!peek) return { due: false, mailed: false };
  const links = await options.links();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('message_digests as d')
      .innerJoin('users as u', 'u.user_id', 'd.user_id')
      .leftJoin('notification_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'd.user_id').on('p.kind', '=', 'message'),
      )
      .select([
        'd.user_id',
        'd.last_sent_at',
        'u.first_name',
        'u.sfsu_email',
        'u.email_verified',
        'u.suspended_at',
        'p.email',
      ])
      .where('d.due_at', '<=', now)
      .orderBy('d.due_at')
      .limit(1)
      .$if(dialect === 'postgres', (q) => q.forUpdate('d').skipLocked())
      .executeTakeFirst();
    if (!due) return { due: false, mailed: false };
    const stillWanted =
      (due.email ?? Number(NOTIFICATION_KINDS.message.email)) === 1 &&
      due.suspended_at === null &&
      (options.emailVerification === 'off' || due.email_verified === 1);
    const items = stillWanted
      ? await trx
          .selectFrom('notifications')
          .select(['title', 'body', 'url'])
          .where('user_id', '=', due.user_id)
          .where('kind', '=', 'message')
          .where('read_at', 'is', null)
          .$if(due.last_sent_at !== null, (q) => q.where('created_at', '>', due.last_sent_at!))
          .orderBy('notification_id', 'desc')
          .limit(DIGEST_ITEMS)
          .execute()
      : [];
    if (items.length > 0) await insertMail(trx, digestMail(due, items, links));
    await trx
      .updateTable('message_digests')
      .set({ due_at: null, ...(items.length > 0 && { last_sent_at: now }) })
      .where('user_id', '=', due.user_id)
      .execute();
    return { due: true, mailed: items.length > 0 };
  });
}
