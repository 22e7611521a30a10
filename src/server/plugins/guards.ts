import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { EMAIL_UNVERIFIED_MESSAGE } from '#shared/identity.js';
import { id } from '#shared/schemas/common.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { forbidden } from '../lib/http-error.js';
import { requireCourier, requireModerator, requireUser } from './session.js';

/**
 * Who before what: a call that needs a session answers 401 without one, then 403 when the
 * thing it names is not the caller's, and only then 400 for bad input and 404/409 for the rest
 * (docs/api.md, "Status order"). Guards run before the schema reads the input, so they see it
 * raw: an id they cannot read is left for validation to refuse.
 */
type Check = (request: FastifyRequest, user: SessionUser) => unknown;

type RawInput = 'body' | 'params' | 'query';

/** The id `input.key` names, if it is one (a number or its canonical text); else undefined. */
export function rawId(request: FastifyRequest, input: RawInput, key: string): number | undefined {
  const source = request[input];
  if (!source || typeof source !== 'object') return undefined;
  const parsed = id.safeParse((source as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Route options: the session is checked as the request arrives (before its body is even read:
 * a visitor's 10 MB upload is refused without parsing it), the checks once the raw input is
 * there, before the schema validates it.
 */
function guard(who: (request: FastifyRequest) => SessionUser, checks: Check[]) {
  const onRequest: onRequestAsyncHookHandler = async (request) => {
    who(request);
  };
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    const user = who(request);
    for (const check of checks) await check(request, user);
  };
  return checks.length > 0 ? { onRequest, preValidation } : { onRequest };
}

/** The caller must be signed in; each check may then refuse with 403. */
export const signedIn = (...checks: Check[]) => guard(requireUser, checks);

/** The caller must be a signed-in courier. */
export const courier = (...checks: Check[]) => guard(requireCourier, checks);

/** The caller must be a signed-in moderator. */
export const moderator = (...checks: Check[]) => guard(requireModerator, checks);

/** The user id that `input.key` names must be the caller's own. */
export function self(input: RawInput, key: string, what = 'another user'): Check {
  return (request, user) => {
    const claimed = rawId(request, input, key);
    if (claimed !== undefined && claimed !== user.user_id) {
      throw forbidden(`You cannot act as ${what}.`);
    }
  };
}

/**
 * The thing `input.key` names must be the caller's: `refuse` loads it and answers the 403
 * message when it is someone else's (undefined when it is the caller's or does not exist; a
 * missing thing is the handler's 404, after validation).
 */
export function owns(
  input: RawInput,
  key: string,
  refuse: (
    thingId: number,
    user: SessionUser,
    request: FastifyRequest,
  ) => Promise<string | undefined>,
): Check {
  return async (request, user) => {
    const thingId = rawId(request, input, key);
    if (thingId === undefined) return;
    const message = await refuse(thingId, user, request);
    if (message !== undefined) throw forbidden(message);
  };
}

/**
 * The caller's campus e-mail must be verified (EMAIL_VERIFICATION=required) before they act on
 * others: list, message, ask for or carry deliveries, review. `when` narrows it to the
 * requests that do so (a call that also does harmless things), judged on the raw input.
 */
export function verifiedEmail(when?: (request: FastifyRequest) => boolean): Check {
  return (request, user) => {
    if (request.server.config.emailVerification !== 'required' || user.email_verified === 1) return;
    if (when && !when(request)) return;
    throw forbidden(EMAIL_UNVERIFIED_MESSAGE, 'email_unverified');
  };
}

/** The raw body's `key`, as text a choice would read ("Assigned", " assigned "). */
export function rawChoice(request: FastifyRequest, key: string): string | undefined {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/**
 * A signed-in route's handler, handed the caller as `user` (the route's guard answered 401
 * without one): `asCaller(async (user, request) => …)`.
 */
export const asCaller =
  <Request extends FastifyRequest, Reply, Answer>(
    handle: (user: SessionUser, request: Request, reply: Reply) => Promise<Answer>,
  ) =>
  async (request: Request, reply: Reply): Promise<Answer> =>
    handle(requireUser(request), request, reply);
