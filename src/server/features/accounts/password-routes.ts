/** A forgotten password reset through a mailed link; a known one changed from the profile. */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_RESET_MINUTES } from '#shared/identity.js';
import { canonicalEmail } from '#shared/names.js';
import {
  changePasswordBody,
  messageResponse,
  passwordResetBody,
  passwordResetConfirmBody,
} from '#shared/schemas/accounts.js';
import { httpError } from '#server/lib/http-error.js';
import { signedIn } from '#server/plugins/guards.js';
import { endedSessions } from '#server/plugins/session.js';
import { passwordChangedMail, passwordResetMail } from './mails.js';
import { proveOwnPassword } from './own-password.js';
import { hashPassword } from './password.js';
import {
  deleteUserSessions,
  findUserByEmail,
  findUserById,
  hashToken,
  setPasswordHash,
} from './repository.js';
import { deleteResets, insertReset, useReset } from './reset-repository.js';
import type { SignInGuard } from './sign-in-guard.js';
import { reserveTry } from './throttle.js';
import { markVerified } from './verification-repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Links asked for per address (one person's mailbox is not flooded) and per network address. */
const RESETS_PER_ACCOUNT = 3;
const RESETS_PER_NETWORK_ADDRESS = 100;

/** The one answer to a reset request, whether or not an account uses the address. */
export const RESET_REQUESTED =
  'If an account uses that address, a link to choose a new password is on its way to it. The link works for one hour.';
const RESET_LINK_DEAD =
  'This reset link has expired or was already used. Ask for a new one from the login page.';

export const passwordRoutes: FastifyPluginAsyncZod<{ guard: SignInGuard }> = async (
  app,
  { guard },
) => {
  const db = app.db;
  const { publicUrl } = app.config;

  const issueReset = async (user: { user_id: number; first_name: string; sfsu_email: string }) => {
    const token = randomBytes(32).toString('base64url');
    await db.transaction().execute(async (trx) => {
      await insertReset(trx, {
        token_hash: hashToken(token),
        user_id: user.user_id,
        lifetimeMs: PASSWORD_RESET_MINUTES * 60 * 1000,
      });
      await app.mail.enqueue(passwordResetMail(user, token, publicUrl), trx);
    });
    app.mail.kick();
  };

  app.post(
    '/api/password-reset',
    { schema: { body: passwordResetBody, response: { 202: messageResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      // Counted by address typed, whether or not it has an account: a refusal tells nothing.
      await reserveTry(app, `reset:ip:${request.ip}`, RESETS_PER_NETWORK_ADDRESS, HOUR_MS);
      await reserveTry(app, `reset:acct:${canonicalEmail(email)}`, RESETS_PER_ACCOUNT, HOUR_MS);
      const user = await findUserByEmail(db, email);
      reply.code(202).send({ message: RESET_REQUESTED });
      // Only after the answer has gone: it looks and takes the same whether or not the
      // address has an account. Unknown addresses are mailed nothing.
      if (user) {
        setImmediate(() => {
          issueReset(user).catch((error: unknown) =>
            request.log.error({ err: error }, 'could not issue a password reset link'),
          );
        });
      }
      return reply;
    },
  );

  app.post(
    '/api/password-reset/confirm',
    { schema: { body: passwordResetConfirmBody, response: { 200: messageResponse } } },
    async (request) => {
      const { token, password } = request.body;
      // Guessing links is counted per address, like guessing passwords.
      const user = await guard.counted('reset', request.ip, async () => {
        const passwordHash = await hashPassword(password);
        const row = await db.transaction().execute(async (trx) => {
          const userId = await useReset(trx, hashToken(token));
          if (userId === undefined) return undefined;
          const found = await findUserById(trx, userId);
          if (!found) return undefined;
          await setPasswordHash(trx, userId, passwordHash);
          // The link reached the address, which proves it as a mailed code does.
          await markVerified(trx, userId);
          await deleteUserSessions(trx, userId);
          await deleteResets(trx, userId);
          await app.mail.enqueue(passwordChangedMail(found, 'reset', publicUrl), trx);
          return found;
        });
        if (!row) throw httpError(422, RESET_LINK_DEAD);
        return row;
      });
      app.mail.kick();
      // Every session ended: so do their event streams, on every instance.
      await endedSessions(app, user.user_id);
      // The owner proved the mailbox: the account's sign-in ceiling and this address's lock end.
      await guard.lift(canonicalEmail(user.sfsu_email), request.ip);
      return { message: 'Your password is changed. Log in with your new password.' };
    },
  );

  app.put(
    '/api/password',
    { ...signedIn(), schema: { body: changePasswordBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { currentPassword, password } = request.body;
      const row = await proveOwnPassword(app, guard, request, currentPassword, () =>
        httpError(422, 'Your current password is not right.'),
      );
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, row.user_id, passwordHash);
        await deleteUserSessions(trx, row.user_id, request.sessionTokenHash);
        await deleteResets(trx, row.user_id);
        await app.mail.enqueue(passwordChangedMail(row, 'change', publicUrl), trx);
      });
      app.mail.kick();
      await endedSessions(app, row.user_id, { except: request.sessionTokenHash });
      return { message: 'Your password is changed. Every other device was signed out.' };
    },
  );
};
