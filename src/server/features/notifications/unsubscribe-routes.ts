import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '#shared/api-paths.js';
import { NOTIFICATION_KINDS } from '#shared/notification-kinds.js';
import { unsubscribeQuery } from '#shared/schemas/notifications.js';
import { SCREENS } from '#shared/screens.js';
import { sendError } from '#server/plugins/errors.js';
import { readUnsubscribeToken } from '#server/notifications/unsubscribe-token.js';
import { turnEmailOff } from './repository.js';
import { askPage, BAD_LINK_MESSAGE, badLinkPage, donePage } from './unsubscribe-page.js';

/**
 * The one-click unsubscribe link of notification mails (RFC 8058): a POST from the mail app
 * (form-encoded or multipart, no cookies) turns that kind of e-mail off; a GET from a browser
 * shows a page asking first. The signed token in the link is all the proof needed.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail apps post forms; only these routes read them (the rest of the API takes JSON).
  for (const type of ['application/x-www-form-urlencoded', /^multipart\/form-data/]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
  }
  const settingsUrl = `${app.config.publicUrl}${SCREENS.notificationSettings}`;
  const html = (reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('x-robots-tag', 'noindex');
  };
  const read = async (token: string) =>
    readUnsubscribeToken(await app.push.unsubscribeSecret(), token);

  app.get(
    API.unsubscribe,
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      html(reply);
      const found = await read(request.query.token);
      if (!found) return reply.code(400).send(badLinkPage(settingsUrl));
      const postUrl = `${API.unsubscribe}?${new URLSearchParams({ token: request.query.token })}`;
      return reply.send(askPage(NOTIFICATION_KINDS[found.kind].label, postUrl));
    },
  );

  app.post(
    API.unsubscribe,
    // The body (`List-Unsubscribe=One-Click`) says nothing the link does not: not read.
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      const browser = (request.headers.accept ?? '').includes('text/html');
      const found = await read(request.query.token);
      if (!found || !(await turnEmailOff(app.db, found.userId, found.kind))) {
        if (!browser) return sendError(reply, 400, BAD_LINK_MESSAGE, 'validation');
        html(reply);
        return reply.code(400).send(badLinkPage(settingsUrl));
      }
      const label = NOTIFICATION_KINDS[found.kind].label;
      request.log.info({ user_id: found.userId, kind: found.kind }, 'e-mail turned off by link');
      if (!browser) {
        return { message: `E-mails for "${label}" are turned off.` };
      }
      html(reply);
      return reply.send(donePage(label, settingsUrl));
    },
  );
};
