import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as accountPaths from '#shared/api-paths/accounts.js';
import type { ChangePasswordBody, MessageResponse, SessionUser } from '#shared/schemas/users.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { updateSessionUser } from '#client/lib/session.js';

/** Become a Courier: PUT /api/user/{id} {is_courier: 1}, then the stored user follows. */
export function useBecomeCourier(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<SessionUser>(accountPaths.user(userId), { method: 'PUT', body: { is_courier: 1 } }),
    onSuccess: (user) => {
      updateSessionUser(user);
      void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
  });
}

/** Change password: PUT /api/password; the other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api<MessageResponse>(accountPaths.password, { method: 'PUT', body, timeoutMs: 15_000 }),
  });
}
