/** What the courier screen reads: the delivery, its listing and where map tiles come from. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import { deliveryInstruction, type DeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { Listing } from '#shared/schemas/listings.js';
import { api, ApiError } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.delivery(id),
    queryFn: async () => {
      try {
        return await api<DeliveryInstruction>(API.delivery(id));
      } catch (error) {
        console.warn('Failed to fetch delivery', error);
        throw error;
      }
    },
    // Always checked with the server when the screen opens; the cache shows meanwhile.
    staleTime: 0,
  });

/**
 * The delivery, starting from the one the dashboard passed as navigation state (spec section 2)
 * and checked with the server straight away.
 */
export function useDelivery(id: number, initial: DeliveryInstruction | undefined) {
  return useQuery({ ...deliveryQuery(id), initialData: initial, initialDataUpdatedAt: 0 });
}

/** The navigation state's delivery, if it is a delivery and the one on screen. */
export function deliveryFromState(state: unknown, id: number): DeliveryInstruction | undefined {
  const candidate = (state as { delivery?: unknown } | null)?.delivery;
  const parsed = deliveryInstruction.safeParse(candidate);
  return parsed.success && parsed.data.delivery_id === id ? parsed.data : undefined;
}

/**
 * GET /api/listing/{id} answers with an array whose first element is the listing; the
 * original courier screen read a single object (spec section 7). Either is accepted.
 */
export function firstListing(data: unknown): Listing | undefined {
  const item: unknown = Array.isArray(data) ? data[0] : data;
  return item !== null && typeof item === 'object' ? (item as Listing) : undefined;
}

export async function fetchListing(id: number): Promise<Listing> {
  try {
    const listing = firstListing(await api<unknown>(API.listing(id)));
    if (!listing) throw new ApiError(404, 'No item Found');
    return listing;
  } catch (error) {
    console.warn('Listing not found', error);
    throw error;
  }
}

export function useListing(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.listing(id ?? 0),
    queryFn: () => fetchListing(id!),
    enabled: id !== undefined,
  });
}
