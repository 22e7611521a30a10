/** What the courier screen reads: the delivery, its listing and where map tiles come from. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import { deliveryInstruction, type DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { api } from '#client/lib/api.js';
import { listingQuery } from '#client/lib/queries/listings.js';
import { queryKeys } from '#client/lib/query-keys.js';

export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.delivery(id),
    queryFn: async () => {
      try {
        return await api<DeliveryInstruction>(orderPaths.delivery(id));
      } catch (error) {
        console.warn('Failed to fetch delivery', error);
        throw error;
      }
    },
    // Always checked with the server when the screen opens; the cache shows meanwhile.
    staleTime: 0,
  });

/**
 * The delivery, starting from the one the dashboard passed as navigation state
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

/** The delivery's listing; a failure is logged as 'Listing not found' (the screen goes on). */
export function useListing(id: number | undefined) {
  const listing = useQuery({ ...listingQuery(id ?? 0), enabled: id !== undefined });
  useEffect(() => {
    if (listing.error) console.warn('Listing not found', listing.error);
  }, [listing.error]);
  return listing;
}
