/** GET /api/user/{id}: the spec's array whose first element is the user. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as accountPaths from '#shared/api-paths/accounts.js';
import type { PublicUser, SessionUser } from '#shared/schemas/accounts.js';
import { api, ApiError } from '../api';
import { queryKeys } from '../query-keys';

export async function fetchUser(id: number): Promise<PublicUser | SessionUser> {
  const [user] = await api<(PublicUser | SessionUser)[]>(accountPaths.user(id));
  if (!user) throw new ApiError(404, 'No such user.');
  return user;
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.user(id), queryFn: () => fetchUser(id) });

export function useUser(id: number | null) {
  return useQuery({ ...userQuery(id ?? 0), enabled: id !== null && id > 0 });
}
