/** Where mail goes: an SMTP server (SMTP_URL), or without one the built-in mailbox. */
import { createTransport } from 'nodemailer';
import type { Config } from '#server/config.js';
import type { QueuedMail } from './repository.js';

export interface MailTransport {
  /** `mailbox`: nothing leaves; the mail stays in the database for /mailbox. */
  kind: 'smtp' | 'mailbox';
  /** For the log: the server's address without its user and password. */
  describe: string;
  send(mail: QueuedMail): Promise<void>;
  close(): void;
}

/** The SMTP server's answer, when it gave one: 5xx refuses for good, 4xx asks to retry. */
export function smtpResponseCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

export function createMailTransport(config: Config): MailTransport {
  if (!config.smtpUrl) {
    return {
      kind: 'mailbox',
      describe: 'the built-in mailbox (/mailbox, from this machine only)',
      send: async () => {},
      close: () => {},
    };
  }
  const url = new URL(config.smtpUrl);
  const transporter = createTransport(
    {
      url: config.smtpUrl,
      // A mail server that hangs must not hold a worker (or a lease) for long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: config.mailFrom },
  );
  return {
    kind: 'smtp',
    describe: `${url.protocol}//${url.host}`,
    async send(mail) {
      await transporter.sendMail({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body ?? '',
        html: mail.html_body ?? undefined,
        headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
      });
    },
    close: () => transporter.close(),
  };
}
