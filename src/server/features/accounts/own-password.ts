import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalEmail } from '#shared/names.js';
import type { HttpError } from '#server/lib/http-error.js';
import { requireUser } from '#server/plugins/session.js';
import { verifyPassword } from './password.js';
import { findUserById } from './repository.js';
import type { SignInGuard } from './sign-in-guard.js';

/**
 * The signed-in person proves their password before a change only they may make (a new
 * password, deleting the account). Guesses count as failed sign-ins of the account, so they
 * share its limits; a wrong password is refused with `refusal`. Answers the account's row.
 */
export async function proveOwnPassword(
  app: FastifyInstance,
  guard: SignInGuard,
  request: FastifyRequest,
  password: string,
  refusal: () => HttpError,
) {
  const user = requireUser(request);
  const row = await guard.checkPassword(request.ip, canonicalEmail(user.sfsu_email), async () => {
    const found = await findUserById(app.db, user.user_id);
    const ok = await verifyPassword(password, found?.password_hash ?? null);
    return found && ok ? found : null;
  });
  if (!row) throw refusal();
  return row;
}
