/**
 * /mailbox: the built-in mailbox, when no SMTP_URL is set. It answers only requests made on
 * this machine (a loopback connection that no proxy forwarded), so a deployment that forgot
 * SMTP_URL shows nobody's codes or links to the world; everyone else gets a plain 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '#shared/schemas/common.js';
import { email } from '#shared/schemas/accounts.js';
import { fromThisMachine } from '#server/lib/this-machine.js';
import { sendError } from '#server/plugins/errors.js';
import { mailboxListPage, mailboxMailPage } from './mailbox-page.js';
import { mailboxMail, mailboxMails, type QueuedMail } from './repository.js';

const LIST_LIMIT = 200;

const listQuery = z.object({ to: email.optional() });

/** The mailbox's pages: no scripts at all. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** A mail's HTML part, on a page of its own: no scripts, no loads, no forms, in a sandbox. */
const MAIL_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox allow-popups allow-popups-to-escape-sandbox";

export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const open = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (app.mail.kind === 'mailbox' && fromThisMachine(request)) {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return true;
    }
    void sendError(reply, 404, 'Not found.', 'not_found');
    return false;
  };
  const readTo = (request: FastifyRequest) => {
    const parsed = listQuery.safeParse(request.query);
    return parsed.success ? parsed.data.to : undefined;
  };

  app.get('/mailbox', async (request, reply) => {
    if (!open(request, reply)) return reply;
    const to = readTo(request);
    const mails = await mailboxMails(app.db, { to, limit: LIST_LIMIT });
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(mailboxListPage(mails, to));
  });

  /** The same list for scripts and tests, with each mail's text part. */
  app.get('/mailbox.json', async (request, reply) => {
    if (!open(request, reply)) return reply;
    const mails = await mailboxMails(app.db, { to: readTo(request), limit: LIST_LIMIT });
    return mails.map((m) => ({
      mail_id: m.mail_id,
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      text: m.text_body ?? '',
      created_at: m.created_at,
    }));
  });

  const readMail = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = idParam.safeParse((request.params as { id?: unknown }).id);
    const mail = id.success ? await mailboxMail(app.db, id.data) : undefined;
    if (!mail) void sendError(reply, 404, 'No such mail.', 'not_found');
    return mail;
  };

  /** A page of one mail: the mailbox's view of it, or the mail's own HTML under its own policy. */
  const mailPage = (url: string, policy: string, body: (mail: QueuedMail) => string) =>
    app.get(url, async (request, reply) => {
      if (!open(request, reply)) return reply;
      const mail = await readMail(request, reply);
      if (!mail) return reply;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', policy)
        .send(body(mail));
    });

  mailPage('/mailbox/:id', PAGE_POLICY, (mail) => mailboxMailPage(mail, app.config.mailFrom));
  mailPage('/mailbox/:id/html', MAIL_POLICY, (mail) => mail.html_body ?? '');
}
