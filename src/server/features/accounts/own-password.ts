import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpError } from '#server/lib/http-error.js';
import { requireUser } from '#server/plugins/session.js';
import { verifyPassword } from './password.js';
import { findUserById } from './repository.js';
import type { createThrottle } from './throttle.js';

/**
 * The signed-in person proves their password before a change only they may make (a new
 * password, deleting the account). Guesses count as failed sign-ins of the account, so they
 * share its limit; a wrong password is refused with `refusal`. Answers the account's row.
 */
export async function proveOwnPassword(
  app: FastifyInstance,
  throttle: ReturnType<typeof createThrottle>,
  request: FastifyRequest,
  password: string,
  refusal: () => HttpError,
) {
  const user = requireUser(request);
  await throttle.check('login', request.ip, user.sfsu_email);
  const row = await findUserById(app.db, user.user_id);
  const ok = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !ok) {
    await throttle.fail('login', request.ip, user.sfsu_email);
    throw refusal();
  }
  return row;
}
