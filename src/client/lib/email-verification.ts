/**
 * Confirming the campus e-mail with the mailed code, from the profile's banner or the mailed
 * link (/verify-email?code=...): both send the code the same way and keep the stored user in
 * step with the answer.
 */
import { useMutation } from '@tanstack/react-query';
import * as accountPaths from '#shared/api-paths/accounts.js';
import type { AuthResponse, MessageResponse } from '#shared/schemas/accounts.js';
import { api } from './api';
import { updateSessionUser } from './session';

export async function verifyEmail(code: string): Promise<AuthResponse> {
  const response = await api<AuthResponse>(accountPaths.verifyEmail, {
    method: 'POST',
    body: { code },
    timeoutMs: 15_000,
  });
  updateSessionUser(response.user);
  return response;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

/** Send again: a new code in a new mail (at most once a minute, five an hour). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      api<MessageResponse>(accountPaths.resendVerification, { method: 'POST', timeoutMs: 15_000 }),
  });
}
