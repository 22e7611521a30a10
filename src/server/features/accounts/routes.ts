import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponse,
  courierRating,
  loginBody,
  meResponse,
  publicUser,
  registerBody,
  sessionUser,
  updateUserBody,
  userParams,
} from '#shared/schemas/accounts.js';
import { SUSPENDED_PREFIX } from '#shared/moderation.js';
import { canonicalEmail } from '#shared/names.js';
import { badRequest, conflict, forbidden, httpError, notFound } from '#server/lib/http-error.js';
import { grantFromConfig } from '#server/safety/moderator-role.js';
import { answerVaries } from '#server/plugins/cache-control.js';
import { asCaller, self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { endSession, requireSelf, startSession } from '#server/plugins/session.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { courierRatingOf } from './courier-rating-repository.js';
import { hashPassword, verifyPassword } from './password.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  toPublicUser,
  toSessionUser,
  updateUserFlags,
  usernameOrEmailTaken,
} from './repository.js';
import type { SignInGuard } from './sign-in-guard.js';
import { sendVerificationCode } from './verification.js';

const LOGIN_FAILED = 'Invalid email or password.';
const EMAIL_TAKEN = 'An account with that e-mail already exists.';
const USERNAME_TAKEN = 'That username is taken.';

export const accountRoutes: FastifyPluginAsyncZod<{ guard: SignInGuard }> = async (
  app,
  { guard },
) => {
  const domains = app.config.campusEmailDomains;
  const domain = domains[0]!;

  app.post(
    '/api/register',
    { schema: { body: registerBody, response: { 201: authResponse } } },
    async (request, reply) => {
      const body = request.body;
      if (!domains.some((d) => body.sfsu_email.endsWith(`@${d}`))) {
        throw badRequest(`Please register with your campus e-mail (@${domain}).`);
      }
      // Every registration counts, per network address and per e-mail address (its deleted
      // accounts too), so re-registering cannot renew mailed codes and their tries.
      await guard.countRegistration(request.ip, body.sfsu_email);
      // A taken e-mail is an answer worth guessing for: counted per address (accepted on
      // purpose, docs/SECURITY.md), and the hashing goes through the gate like a sign-in.
      const row = await guard.counted('register', request.ip, async () => {
        const taken = await usernameOrEmailTaken(app.db, body.username, body.sfsu_email);
        if (taken) throw conflict(taken === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN);
        const passwordHash = await hashPassword(body.password);
        // The account and its code's mail are stored together, or neither is.
        return app.db
          .transaction()
          .execute(async (trx) => {
            const user = await insertUser(trx, {
              username: body.username,
              first_name: body.firstName,
              last_name: body.lastName,
              sfsu_email: body.sfsu_email,
              password_hash: passwordHash,
            });
            if (app.config.emailVerification === 'required') {
              await sendVerificationCode(app, trx, user);
            }
            return user;
          })
          .catch(async (error: unknown) => {
            // A twin registration raced this one past the check: say which key it took.
            if (!isUniqueViolation(error)) throw error;
            const now = await usernameOrEmailTaken(app.db, body.username, body.sfsu_email);
            throw conflict(now === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN);
          });
      });
      app.mail.kick();
      await startSession(app, request, reply, row.user_id);
      return reply
        .code(201)
        .send({ user: toSessionUser(row), message: 'Registered successfully!' });
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginBody, response: { 200: authResponse } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await guard.checkPassword(request.ip, canonicalEmail(email), async () => {
        const found = await findUserByEmail(app.db, email);
        // An unknown account costs one hash too (a dummy): the timing tells nothing.
        const ok = await verifyPassword(password, found?.password_hash ?? null);
        return found && ok ? found : null;
      });
      if (!row) {
        app.metrics.signInFailures.inc();
        throw httpError(401, LOGIN_FAILED);
      }
      // Told only to whoever knows the password.
      if (row.suspended_at !== null) {
        throw forbidden(`${SUSPENDED_PREFIX}${row.suspended_reason ?? ''}`, 'suspended');
      }
      const moderator = await grantFromConfig(app.db, row, app.config.moderatorEmails);
      await startSession(app, request, reply, row.user_id);
      const user = toSessionUser(moderator ? { ...row, is_moderator: 1 } : row);
      return { user, message: 'Logged in!' };
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      await endSession(app, request, reply);
      return { message: 'Signed out.' };
    },
  );

  app.get(
    '/api/me',
    { ...signedIn(), schema: { response: { 200: meResponse } } },
    asCaller(async (user, request) => {
      return { user, expiresAt: request.sessionExpiresAt ?? '' };
    }),
  );

  /** Spec: an array whose first element is the user. E-mail only for the user themself. */
  app.get(
    '/api/user/:id',
    {
      ...answerVaries,
      schema: {
        params: userParams,
        response: { 200: z.array(z.union([sessionUser, publicUser]).and(courierRating)) },
      },
    },
    async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw notFound('No such user.');
      const user = request.user?.user_id === row.user_id ? toSessionUser(row) : toPublicUser(row);
      return [{ ...user, ...(await courierRatingOf(app.db, row.user_id)) }];
    },
  );

  app.put(
    '/api/user/:id',
    {
      ...signedIn(
        self('params', 'id'),
        // Becoming a courier; the shift toggle of one who is already is left alone.
        verifiedEmail((request) => {
          const wanted = (request.body as { is_courier?: unknown } | null)?.is_courier;
          return [1, '1', true].includes(wanted as never);
        }),
      ),
      schema: { params: userParams, body: updateUserBody, response: { 200: sessionUser } },
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      const { is_courier, on_shift } = request.body;
      if (on_shift === 1 && (is_courier ?? user.is_courier) !== 1) {
        throw conflict('Become a courier before starting a shift.');
      }
      const flags = {
        ...(is_courier !== undefined && { is_courier }),
        ...(on_shift !== undefined && { on_shift }),
        // Someone who stops being a courier is no longer on shift.
        ...(is_courier === 0 && { on_shift: 0 }),
      };
      const row = await updateUserFlags(app.db, user.user_id, flags);
      if (!row) throw notFound('No such user.');
      await app.live.publish({
        type: 'user.updated',
        data: { is_courier: row.is_courier, on_shift: row.on_shift },
        to: [row.user_id],
      });
      return toSessionUser(row);
    },
  );
};
