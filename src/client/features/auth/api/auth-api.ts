import * as accountPaths from '#shared/api-paths/accounts.js';
import type {
  AuthResponse,
  LoginBody,
  MessageResponse,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RegisterBody,
} from '#shared/schemas/users.js';
import { api, ApiError } from '#client/lib/api.js';
import { storeSession } from '#client/lib/session.js';

export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

export async function login(body: LoginBody): Promise<AuthResponse> {
  const response = await api<AuthResponse>(accountPaths.login, {
    method: 'POST',
    body,
    timeoutMs: 15_000,
  });
  storeSession(response.user);
  return response;
}

export async function register(body: RegisterBody): Promise<AuthResponse> {
  const response = await api<AuthResponse>(accountPaths.register, {
    method: 'POST',
    body,
    timeoutMs: 15_000,
  });
  storeSession(response.user);
  return response;
}

/** The server's message when it sent one, else the fallback; a network failure is generic. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.fromServer && error.message ? error.message : fallback;
  return NETWORK_FAILURE;
}

/** Forgot password: the same answer whether or not an account uses the address. */
export function requestPasswordReset(body: PasswordResetBody): Promise<MessageResponse> {
  return api<MessageResponse>(accountPaths.passwordReset, {
    method: 'POST',
    body,
    timeoutMs: 15_000,
  });
}

/** The mailed link's token and the new password. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<MessageResponse> {
  return api<MessageResponse>(accountPaths.passwordResetConfirm, {
    method: 'POST',
    body,
    timeoutMs: 15_000,
  });
}
