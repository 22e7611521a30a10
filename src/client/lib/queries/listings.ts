/** Listing reads shared by several screens. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { Listing, ListingDetail } from '#shared/schemas/listings.js';
import { api, ApiError } from '../api';
import { queryKeys } from '../query-keys';

/**
 * GET /api/listing/{id} answers with an array whose first element is the listing; the
 * original courier screen read a single object. Either is accepted.
 */
export function firstListing(data: unknown): ListingDetail | undefined {
  const item: unknown = Array.isArray(data) ? data[0] : data;
  return item !== null && typeof item === 'object' ? (item as ListingDetail) : undefined;
}

export async function fetchListing(id: number): Promise<ListingDetail> {
  const listing = firstListing(await api<unknown>(API.listing(id)));
  if (!listing) throw new ApiError(404, 'No item Found');
  return listing;
}

export const listingQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.listing(id), queryFn: () => fetchListing(id) });

export const activeListingsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.activeListings(userId),
    queryFn: () => api<Listing[]>(API.activeListings(userId)),
  });

export function useActiveListings(userId: number | null) {
  return useQuery({ ...activeListingsQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}

export const soldCountQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.soldCount(userId),
    queryFn: async () => (await api<{ count: number }>(API.soldCount(userId))).count,
  });

export function useSoldCount(userId: number) {
  return useQuery(soldCountQuery(userId));
}
