/** The mail queue's SQL (docs/decisions/017-mail-queue.md). */
import type { Selectable } from 'kysely';
import type { DialectName } from '#server/db/connect.js';
import { rowByKey } from '#server/db/row-by-key.js';
import type { Db, MailOutboxTable } from '#server/db/schema.js';
import { claimDue } from '#server/lib/queue-repository.js';
import { nowIso } from '#server/lib/time.js';

export type QueuedMail = Selectable<MailOutboxTable>;

/** A rendered mail, ready to queue. */
export interface OutgoingMail {
  /** What it is about (a template's name), for the log and the mailbox; never secret. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and the like). */
  headers?: Record<string, string>;
}

export async function insertMail(db: Db, mail: OutgoingMail): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      status: 'queued',
      next_attempt_at: now,
      created_at: now,
    })
    .returning('mail_id')
    .executeTakeFirstOrThrow();
  return row.mail_id;
}

/** Claims the next mail that is due (src/server/lib/queue-repository.ts): each goes to one worker. */
export async function claimNextMail(
  db: Db,
  dialect: DialectName,
  leaseUntil: string,
): Promise<QueuedMail | undefined> {
  const [mail] = await claimDue(db, dialect, 'mail_outbox', leaseUntil);
  return mail;
}

/**
 * The mail has left: SMTP took it (`sent`, its parts erased, since they may hold a code or a
 * link), or the built-in mailbox keeps it (`kept`, parts kept to be read at /mailbox).
 */
export async function markDelivered(db: Db, mailId: number, kept: boolean) {
  await db
    .updateTable('mail_outbox')
    .set({
      status: kept ? 'kept' : 'sent',
      sent_at: nowIso(),
      lease_until: null,
      last_error: null,
      ...(!kept && { text_body: null, html_body: null, headers: null }),
    })
    .where('mail_id', '=', mailId)
    .where('status', '=', 'sending')
    .execute();
}

/** Sending failed for now: try again at `nextAttemptAt`. */
export async function markRetry(db: Db, mailId: number, nextAttemptAt: string, error: string) {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', next_attempt_at: nextAttemptAt, lease_until: null, last_error: error })
    .where('mail_id', '=', mailId)
    .where('status', '=', 'sending')
    .execute();
}

/** Given up: the server refused it for good, or every attempt failed. Its parts are erased. */
export async function markFailed(db: Db, mailId: number, error: string) {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'failed',
      lease_until: null,
      last_error: error,
      text_body: null,
      html_body: null,
      headers: null,
    })
    .where('mail_id', '=', mailId)
    .where('status', '=', 'sending')
    .execute();
}

/** The built-in mailbox, newest first; `to` narrows it to one address. */
export function mailboxMails(db: Db, options: { to?: string; limit: number }) {
  return db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'kind', 'to_address', 'subject', 'text_body', 'created_at', 'sent_at'])
    .where('status', '=', 'kept')
    .$if(options.to !== undefined, (q) => q.where('to_address', '=', options.to!))
    .orderBy('mail_id', 'desc')
    .limit(options.limit)
    .execute();
}

/** A mail the mailbox kept (MAIL_TRANSPORT=mailbox), undefined for any other. */
export async function mailboxMail(db: Db, mailId: number) {
  const mail = await rowByKey(db, 'mail_outbox', 'mail_id', mailId);
  return mail?.status === 'kept' ? mail : undefined;
}

/** Forgets mails that left (or were given up) before `before`. */
export async function purgeMails(db: Db, before: string) {
  await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'kept', 'failed'])
    .where('created_at', '<', before)
    .execute();
}
