/** GET /api/config: the server settings the client needs (map tiles, e-mail verification). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as systemPaths from '#shared/api-paths/system.js';
import type { ClientConfig } from '#shared/schemas/config.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: () => api<ClientConfig>(systemPaths.config),
    staleTime: 60 * 60 * 1000,
  });

/**
 * Whether accounts must confirm their campus e-mail before acting on others. A config saved by
 * an older version of the app does not say: then it is the server's default, required.
 */
export function useEmailVerificationRequired({ enabled = true } = {}): boolean {
  const config = useQuery({ ...configQuery(), enabled });
  return (config.data?.emailVerification ?? 'required') === 'required';
}
