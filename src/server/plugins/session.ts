import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MS } from '#shared/constants.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import {
  createSession,
  deleteSession,
  findSessionUser,
  hashToken,
  toSessionUser,
} from '../features/accounts/repository.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { isoIn } from '../lib/time.js';

export const SESSION_COOKIE = 'campus_sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
    sessionExpiresAt: string | null;
  }
}

export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionExpiresAt', null);
  const signIn = async (request: FastifyRequest, token: string) => {
    const tokenHash = hashToken(token);
    const row = await findSessionUser(app.db, tokenHash);
    if (!row) return;
    request.user = toSessionUser(row);
    request.sessionTokenHash = tokenHash;
    request.sessionExpiresAt = row.expires_at;
  };
  // A callback hook: requests without a session cookie (most reads) pass on at once, without a
  // promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    signIn(request, token).then(() => done(), done);
  });
}

/**
 * Sessions of `userId` ended (deleted): their event streams end too, on every instance. By
 * default every session; `session` names one, `except` keeps one (the caller's own).
 */
export async function endedSessions(
  app: FastifyInstance,
  userId: number,
  which: { session?: string; except?: string | null } = {},
) {
  await app.live.publish({ type: 'session.ended', data: which, to: [userId] });
}

/** The request's own session ends: deleted, and its streams closed everywhere. */
async function endOwnSession(app: FastifyInstance, request: FastifyRequest) {
  const session = request.sessionTokenHash;
  if (!session) return;
  await deleteSession(app.db, session);
  if (request.user) await endedSessions(app, request.user.user_id, { session });
}

/** Starts a new session (a fresh token every time: no fixation) and sets the cookie. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  await endOwnSession(app, request);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = isoIn(SESSION_MS);
  await createSession(app.db, userId, hashToken(token), expiresAt);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_MS / 1000,
  });
  return expiresAt;
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  await endOwnSession(app, request);
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The caller, who must be the user a body, query or path names. */
export function requireSelf(
  request: FastifyRequest,
  userId: number,
  what = 'another user',
): SessionUser {
  const user = requireUser(request);
  if (user.user_id !== userId) throw forbidden(`You cannot act as ${what}.`);
  return user;
}

export function requireCourier(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.is_courier !== 1)
    throw forbidden('Only couriers can do that. Become a courier from your profile.');
  return user;
}

export function requireModerator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.is_moderator !== 1) throw forbidden('Only moderators can do that.');
  // The role rests on a confirmed address (decision 020): a flag given before that rule, or
  // by the script to an unconfirmed account, acts only once the address is confirmed.
  if (user.email_verified !== 1) {
    throw forbidden('Confirm your campus e-mail to act as a moderator.');
  }
  return user;
}
