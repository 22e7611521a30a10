/** Where map tiles come from: GET /api/config (TILE_URL on the server). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import { DEFAULT_TILE_URL, type ClientConfig } from '../../../shared/schemas/config';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: () => api<ClientConfig>(API.config),
    staleTime: 60 * 60 * 1000,
  });

/** The tile URL template; OpenStreetMap when the server cannot say; undefined while asking. */
export function useTileUrl(): string | undefined {
  const config = useQuery(configQuery());
  if (config.data) return config.data.tileUrl;
  return config.isError ? DEFAULT_TILE_URL : undefined;
}
