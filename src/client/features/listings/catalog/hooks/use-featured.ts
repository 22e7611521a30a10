import { queryOptions, useQuery } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
import { FEATURED_COUNT } from '#shared/constants.js';
import type { Listing } from '#shared/schemas/listings.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** Up to 8 random listings; kept for a while so they do not reshuffle under the reader. */
export const featuredQuery = () =>
  queryOptions({
    queryKey: queryKeys.featured(),
    queryFn: async ({ signal }) =>
      (await api<Listing[]>(listingPaths.featured, { signal })).slice(0, FEATURED_COUNT),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useFeatured() {
  return useQuery(featuredQuery());
}
