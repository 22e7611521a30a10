/**
 * A real SMTP server in the test process (npm smtp-server), the stand-in for a campus mail
 * server: the app sends to it with nodemailer over smtp://127.0.0.1:PORT, and tests read codes
 * and links from the mails it received (parsed with mailparser), as a person reads their inbox.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The sender's address and name. */
  from: { address: string; name: string };
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** The SMTP user the sender signed in as. */
  user: string | undefined;
}

export interface SmtpStandIn {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Refuses the next `n` mails with this SMTP reply (451: try later; 550: never). */
  refuseNext(n: number, code: 451 | 550): void;
  /** Waits for a mail to `to` beyond the first `after` ones to that address. */
  mailTo(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The six digits of the newest code mailed to `to`. */
  codeFor(to: string, options?: { after?: number }): Promise<string>;
  close(): Promise<void>;
}

const USER = 'campus-app';
const PASSWORD = 's3cret-smtp-pass';

/** On `port` (0: any free one). */
export async function startSmtp(port = 0): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback: no certificate to trust in tests.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      // campus-app, or campus-app-2... to tell several senders apart.
      if (auth.username?.startsWith(USER) && auth.password === PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (refusals.left > 0) {
        refusals.left--;
        stream.resume();
        stream.on('end', () =>
          callback(
            Object.assign(new Error(refusals.code === 451 ? 'Try again later' : 'No such user'), {
              responseCode: refusals.code,
            }),
          ),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []]
            .flat()
            .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
          mails.push({
            to,
            from: {
              address: parsed.from?.value[0]?.address ?? '',
              name: parsed.from?.value[0]?.name ?? '',
            },
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            user: (session.user as string | undefined) ?? undefined,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;

  const mailTo: SmtpStandIn['mailTo'] = async (to, { after = 0, timeoutMs = 10_000 } = {}) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter((m) => m.to.includes(to.toLowerCase()));
      if (found.length > after) return found[found.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${listening}`,
    port: listening,
    mails,
    refuseNext(n, code) {
      refusals = { left: n, code };
    },
    mailTo,
    async codeFor(to, options) {
      const mail = await mailTo(to, options);
      const code = /^\s*([0-9]{6})\s*$/m.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in the mail to ${to}:\n${mail.text}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address of the first link in a mail's text that opens `page` of the app. */
export function linkIn(mail: ReceivedMail, page: string): URL {
  const match = new RegExp(`https?://\\S+${page}\\?\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in:\n${mail.text}`);
  return new URL(match[0]);
}
