import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponse,
  loginBody,
  meResponse,
  publicUser,
  registerBody,
  sessionUser,
  updateUserBody,
  userParams,
} from '#shared/schemas/users.js';
import { SUSPENDED_PREFIX } from '#shared/moderation.js';
import { badRequest, conflict, forbidden, httpError, notFound } from '#server/lib/http-error.js';
import { grantFromConfig } from '#server/safety/moderator-role.js';
import { self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { endSession, requireSelf, requireUser, startSession } from '#server/plugins/session.js';
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
import { createThrottle, type ThrottleLimits } from './throttle.js';
import { sendVerificationCode } from './verification.js';

const LOGIN_FAILED = 'Invalid email or password.';

export const accountRoutes: FastifyPluginAsyncZod<{ throttle: ThrottleLimits }> = async (
  app,
  opts,
) => {
  const throttle = createThrottle(app, opts.throttle);
  const domain = app.config.campusEmailDomain;

  app.post(
    '/api/register',
    { schema: { body: registerBody, response: { 201: authResponse } } },
    async (request, reply) => {
      const body = request.body;
      await throttle.check('register', request.ip);
      if (!body.sfsu_email.endsWith(`@${domain}`)) {
        throw badRequest(`Please register with your campus e-mail (@${domain}).`);
      }
      const taken = await usernameOrEmailTaken(app.db, body.username, body.sfsu_email);
      if (taken) {
        await throttle.fail('register', request.ip);
        throw conflict(
          taken === 'email'
            ? 'An account with that e-mail already exists.'
            : 'That username is taken.',
        );
      }
      const passwordHash = await hashPassword(body.password);
      // The account and its code's mail are stored together, or neither is.
      const row = await app.db.transaction().execute(async (trx) => {
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
      await throttle.check('login', request.ip, email);
      const row = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(password, row?.password_hash ?? null);
      if (!row || !ok) {
        await throttle.fail('login', request.ip, email);
        app.metrics.signInFailures.inc();
        throw httpError(401, LOGIN_FAILED);
      }
      await throttle.succeed('login', email);
      // Told only to whoever knows the password.
      if (row.suspended_at !== null) {
        throw forbidden(`${SUSPENDED_PREFIX}${row.suspended_reason ?? ''}`, 'suspended');
      }
      const moderator = await grantFromConfig(
        app.db,
        row,
        app.config.moderatorEmails,
        app.config.emailVerification === 'required',
      );
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
    async (request) => {
      const user = requireUser(request);
      return { user, expiresAt: request.sessionExpiresAt ?? '' };
    },
  );

  /** Spec: an array whose first element is the user. E-mail only for the user themself. */
  app.get(
    '/api/user/:id',
    {
      schema: {
        params: userParams,
        response: { 200: z.array(z.union([sessionUser, publicUser])) },
      },
    },
    async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw notFound('No such user.');
      return [request.user?.user_id === row.user_id ? toSessionUser(row) : toPublicUser(row)];
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
