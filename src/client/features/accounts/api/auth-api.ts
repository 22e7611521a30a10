import * as accountPaths from '#shared/api-paths/accounts.js';
import type {
  AuthResponse,
  LoginBody,
  MessageResponse,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RegisterBody,
} from '#shared/schemas/accounts.js';
import { api, ApiError } from '#client/lib/api.js';
import { storeSession } from '#client/lib/session.js';

export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

/** The account calls: a POST given 15 s whatever the write deadline (the server hashes a password). */
function postAccount<T>(path: string, body: unknown): Promise<T> {
  return api<T>(path, { method: 'POST', body, timeoutMs: 15_000 });
}

/** Signs in (or up) and keeps who is signed in. */
async function startSession(path: string, body: LoginBody | RegisterBody): Promise<AuthResponse> {
  const response = await postAccount<AuthResponse>(path, body);
  storeSession(response.user);
  return response;
}

export function login(body: LoginBody): Promise<AuthResponse> {
  return startSession(accountPaths.login, body);
}

export function register(body: RegisterBody): Promise<AuthResponse> {
  return startSession(accountPaths.register, body);
}

/** The server's message when it sent one, else the fallback; a network failure is generic. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.fromServer && error.message ? error.message : fallback;
  return NETWORK_FAILURE;
}

/** Forgot password: the same answer whether or not an account uses the address. */
export function requestPasswordReset(body: PasswordResetBody): Promise<MessageResponse> {
  return postAccount<MessageResponse>(accountPaths.passwordReset, body);
}

/** The mailed link's token and the new password. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<MessageResponse> {
  return postAccount<MessageResponse>(accountPaths.passwordResetConfirm, body);
}
