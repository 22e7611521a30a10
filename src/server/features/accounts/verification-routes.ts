/** Confirming a campus address with the mailed code, and asking for a new code. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFICATION_MAX_TRIES } from '#shared/identity.js';
import { authResponse, messageResponse, verifyEmailBody } from '#shared/schemas/accounts.js';
import { conflict, httpError, notFound } from '#server/lib/http-error.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { grantFromConfig } from '#server/safety/moderator-role.js';
import { findUserById, toSessionUser } from './repository.js';
import { countCodeTry } from './email-limits.js';
import { giveBack, tooManyRequests, waitText } from './throttle.js';
import { codeMatches, sendVerificationCode } from './verification.js';
import { markVerified, takeTry } from './verification-repository.js';

const VERIFIED = 'Your campus e-mail is verified.';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/api/verify-email',
    { ...signedIn(), schema: { body: verifyEmailBody, response: { 200: authResponse } } },
    asCaller(async (user, request) => {
      // A second click on the mailed link is no error.
      if (user.email_verified === 1) return { user, message: VERIFIED };
      // Counted per address too, over its deleted accounts: only a wrong code stays counted.
      const counted = await countCodeTry(db, user.sfsu_email);
      const taken = await takeTry(db, user.user_id);
      if (!taken) {
        await giveBack(db, counted);
        throw httpError(
          422,
          'This code has expired or was used up. Send a new one and enter the code from the newest e-mail.',
        );
      }
      if (!codeMatches(taken.code_hash, user.user_id, request.body.code)) {
        const left = VERIFICATION_MAX_TRIES - taken.tries;
        throw httpError(
          422,
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'That code is not right, and it is now used up. Send a new one.',
        );
      }
      await giveBack(db, counted);
      await db.transaction().execute((trx) => markVerified(trx, user.user_id));
      let row = await findUserById(db, user.user_id);
      if (!row) throw notFound('No such user.');
      // A confirmed address in MODERATOR_EMAILS is a moderator from now on.
      if (await grantFromConfig(db, row, app.config.moderatorEmails)) {
        row = { ...row, is_moderator: 1 };
      }
      return { user: toSessionUser(row), message: VERIFIED };
    }),
  );

  app.post(
    '/api/verify-email/resend',
    { ...signedIn(), schema: { response: { 202: messageResponse } } },
    asCaller(async (user, request, reply) => {
      if (user.email_verified === 1) throw conflict('Your campus e-mail is already verified.');
      const result = await sendVerificationCode(app, db, user);
      if (!result.sent) {
        throw tooManyRequests(
          result.retryAfterSeconds,
          `Please wait ${waitText(result.retryAfterSeconds)} before asking for another code.`,
        );
      }
      return reply.code(202).send({ message: `A new code is on its way to ${user.sfsu_email}.` });
    }),
  );
};
