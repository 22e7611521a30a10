import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { SessionUser } from '#shared/schemas/users.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { updateSessionUser } from '#client/lib/session.js';

/** Become a Courier: PUT /api/user/{id} {is_courier: 1}, then the stored user follows. */
export function useBecomeCourier(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<SessionUser>(API.user(userId), { method: 'PUT', body: { is_courier: 1 } }),
    onSuccess: (user) => {
      updateSessionUser(user);
      void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
  });
}
