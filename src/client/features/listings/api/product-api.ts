/**
 * What the listing page asks: message sent?, delivery requested? Its creates (request, review)
 * are in product-creates.ts, loaded with the forms that send them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import * as messagePaths from '#shared/api-paths/messages.js';
import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** How long the product page's checks count as current (the page asks them beside the listing). */
const CHECK_FRESH_MS = 10_000;

/** Spec: a non-empty array means a message was already sent about this listing. */
export const listingSenderQuery = (userId: number, listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingSender(userId, listingId),
    queryFn: () =>
      api<DirectMessage[]>(messagePaths.listingSender, {
        query: { id: userId, listing: listingId },
      }),
    // A saved cache restored at start is re-checked (providers.tsx); a send in this session
    // writes its answer here. The few seconds spare the page a second ask on a slow network.
    staleTime: CHECK_FRESH_MS,
  });

export function useMessageSent(userId: number, listingId: number) {
  return useQuery({ ...listingSenderQuery(userId, listingId), select: (list) => list.length > 0 });
}

/** Spec: a non-empty array means delivery was already requested. */
export const listingBuyerQuery = (userId: number, listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingBuyer(userId, listingId),
    queryFn: () =>
      api<DeliveryRequest[]>(orderPaths.listingBuyer, { query: { userId, listingId } }),
    staleTime: CHECK_FRESH_MS,
  });

export function useDeliveryRequested(userId: number, listingId: number) {
  return useQuery({ ...listingBuyerQuery(userId, listingId), select: (list) => list.length > 0 });
}
