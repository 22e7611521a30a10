/** Listing reads shared by several screens. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
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

/**
 * A listing's pictures, cover first. A listing kept offline by an older version of the app, or
 * held by a list, has no `photos`: its cover is all it shows.
 */
export function photosOf(listing: Listing & { photos?: string[] }): string[] {
  return listing.photos ?? (listing.thumbnail ? [listing.thumbnail] : []);
}

export async function fetchListing(id: number): Promise<ListingDetail> {
  const listing = firstListing(await api<unknown>(listingPaths.listing(id)));
  if (!listing) throw new ApiError(404, 'No item Found');
  return listing;
}

export const listingQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.listing(id), queryFn: () => fetchListing(id) });

/** The listing as a list in the cache holds it (a list, or a search's pages), if one does. */
function findIn(data: unknown, id: number): Listing | undefined {
  const items = Array.isArray(data)
    ? data
    : ((data as { pages?: { items?: unknown[] }[] } | undefined)?.pages?.flatMap(
        (page) => page.items ?? [],
      ) ?? []);
  return items.find((item): item is Listing => (item as Listing | null)?.listing_id === id);
}

/**
 * The listing from a list already in the cache (home, search, a profile's listings): a product
 * page opened from one shows it at once and refreshes it behind. The lists know only its cover.
 */
export function listingFromLists(client: QueryClient, id: number): ListingDetail | undefined {
  for (const [, data] of client.getQueriesData({ queryKey: ['listings'] })) {
    const found = findIn(data, id);
    if (found) return { ...found, photos: photosOf(found) };
  }
  return undefined;
}

/** The listing as this device last saw it (its page, or a list), without asking the network. */
export function cachedListing(client: QueryClient, id: number): Listing | undefined {
  return client.getQueryData<ListingDetail>(queryKeys.listing(id)) ?? listingFromLists(client, id);
}

export const activeListingsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.activeListings(userId),
    queryFn: () => api<Listing[]>(listingPaths.activeListings(userId)),
  });

export function useActiveListings(userId: number | null) {
  return useQuery({ ...activeListingsQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}

export const soldCountQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.soldCount(userId),
    queryFn: async () => (await api<{ count: number }>(listingPaths.soldCount(userId))).count,
  });

export function useSoldCount(userId: number) {
  return useQuery(soldCountQuery(userId));
}
