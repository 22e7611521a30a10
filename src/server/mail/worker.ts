/**
 * Sends what the queue holds, off every request's path (docs/decisions/017-mail-queue.md).
 * Each instance runs one worker; they share the queue, and a claim is one atomic statement,
 * so each mail is handed to the mail server once. A failure is retried with growing pauses.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { describeError as describe, type QueueTiming } from '#server/lib/queue.js';
import { isoIn } from '#server/lib/time.js';
import { createWorkLoop } from '#server/lib/work-loop.js';
import {
  claimNextMail,
  markDelivered,
  markFailed,
  markRetry,
  purgeMails,
  type QueuedMail,
} from './repository.js';
import { smtpResponseCode, type MailTransport } from './transport.js';

/** The mail queue's pace; mails that left stay in the built-in mailbox for `keepMs`. */
export type MailTiming = QueueTiming;

/** 30 s, 1, 2, 4... minutes up to an hour, each a little shorter or longer (by a fifth). */
export function backoff(attempt: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export const DEFAULT_MAIL_TIMING: MailTiming = {
  pollMs: 5_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryDelayMs: backoff,
  keepMs: 7 * 24 * 60 * 60_000,
};

export interface MailWorker {
  start(): void;
  /** Looks at the queue now (something was just queued). */
  kick(): void;
  /** Stops polling and waits for the mail in hand. */
  stop(): Promise<void>;
}

export function createMailWorker(options: {
  db: Db;
  dialect: DialectName;
  transport: MailTransport;
  log: FastifyBaseLogger;
  timing: MailTiming;
}): MailWorker {
  const { db, dialect, transport, log, timing } = options;

  const deliver = async (mail: QueuedMail) => {
    const about = { mail_id: mail.mail_id, kind: mail.kind, to: mail.to_address };
    try {
      await transport.send(mail);
    } catch (error) {
      const reason = describe(error);
      const code = smtpResponseCode(error);
      // 5xx: the server refuses this mail for good (no such mailbox, relaying denied).
      if ((code !== undefined && code >= 500) || mail.attempts >= timing.maxAttempts) {
        await markFailed(db, mail.mail_id, reason);
        log.error({ ...about, attempts: mail.attempts, reason }, 'mail given up');
        return;
      }
      const delay = timing.retryDelayMs(mail.attempts);
      await markRetry(db, mail.mail_id, isoIn(delay), reason);
      log.warn(
        { ...about, attempts: mail.attempts, retry_in_s: Math.round(delay / 1000), reason },
        'mail not sent yet; will try again',
      );
      return;
    }
    await markDelivered(db, mail.mail_id, transport.kind === 'mailbox');
    if (transport.kind === 'mailbox') {
      // The subject and address only: the text may hold a code or a link (debug shows it).
      log.info(
        { ...about, subject: mail.subject },
        'mail kept in the built-in mailbox (no SMTP_URL): open /mailbox on this machine',
      );
      log.debug({ mail_id: mail.mail_id, text: mail.text_body }, 'mail text');
    } else {
      log.info(about, 'mail sent');
    }
  };

  const drain = async () => {
    while (!loop.stopped) {
      const mail = await claimNextMail(db, dialect, isoIn(timing.leaseMs));
      if (!mail) return;
      await deliver(mail);
    }
  };

  const loop = createWorkLoop({
    pollMs: timing.pollMs,
    round: drain,
    housekeeping: () => purgeMails(db, isoIn(-timing.keepMs)),
    // The database may be away for a moment; the next round tries again.
    onError: (error) => log.warn({ err: error }, 'mail queue: could not look at the queue'),
  });

  return {
    start: () => loop.start(),
    kick: () => loop.kick(),
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
