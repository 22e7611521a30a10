import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/schema.js';
import { insertMail, type OutgoingMail } from '../mail/repository.js';
import { createMailTransport } from '../mail/transport.js';
import { createMailWorker, DEFAULT_MAIL_TIMING, type MailTiming } from '../mail/worker.js';

/** The one way mail leaves: queue it; a worker sends it (docs/decisions/017-mail-queue.md). */
export interface Mailer {
  /** `smtp` (SMTP_URL) or `mailbox` (kept for /mailbox). */
  kind: 'smtp' | 'mailbox';
  /**
   * Queues a mail. Given a transaction, the mail is queued with the change that caused it (or
   * not at all); call `kick` once it has committed. Never sends on the caller's path.
   */
  enqueue(mail: OutgoingMail, db?: Db): Promise<number>;
  /** Wakes the worker: something was queued. */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export function registerMail(app: FastifyInstance, timing: Partial<MailTiming> = {}): void {
  const transport = createMailTransport(app.config);
  const worker = createMailWorker({
    db: app.db,
    dialect: app.dialect,
    transport,
    log: app.log.child({ component: 'mail' }),
    timing: { ...DEFAULT_MAIL_TIMING, ...timing },
  });
  app.decorate('mail', {
    kind: transport.kind,
    async enqueue(mail: OutgoingMail, db: Db = app.db) {
      const id = await insertMail(db, mail);
      if (db === app.db) worker.kick();
      return id;
    },
    kick: () => worker.kick(),
  });
  app.addHook('onReady', async () => {
    app.log.info({ mail: transport.describe }, 'mail goes to %s', transport.describe);
    worker.start();
  });
  app.addHook('onClose', async () => worker.stop());
}
