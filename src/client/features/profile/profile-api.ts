import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { SessionUser } from '../../../shared/schemas/users';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { updateSessionUser } from '../../lib/session';

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
