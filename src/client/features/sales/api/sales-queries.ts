/**
 * What the sales screens read: a listing's offers (the seller all of them, a buyer their own),
 * the offers of one conversation, and a listing's holds. Live events (`offer.updated`,
 * `hold.updated`) refresh them (lib/live-events.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as salesPaths from '#shared/api-paths/sales.js';
import type { Hold, Offer } from '#shared/schemas/sales.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

export const listingOffersQuery = (listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingOffers(listingId),
    queryFn: () => api<Offer[]>(salesPaths.listingOffers(listingId)),
  });

export const conversationOffersQuery = (listingId: number, otherUserId: number) =>
  queryOptions({
    queryKey: queryKeys.conversationOffers(listingId, otherUserId),
    queryFn: () => api<Offer[]>(salesPaths.conversationOffers(listingId, otherUserId)),
  });

export const listingHoldsQuery = (listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingHolds(listingId),
    queryFn: () => api<Hold[]>(salesPaths.holds, { query: { listing_id: listingId } }),
  });

export function useListingOffers(listingId: number) {
  return useQuery(listingOffersQuery(listingId));
}

export function useConversationOffers(listingId: number, otherUserId: number) {
  return useQuery(conversationOffersQuery(listingId, otherUserId));
}

/** The listing's Active hold, if the caller may read it (its seller, or the buyer it is for). */
export function useActiveHold(listingId: number, enabled = true) {
  return useQuery({
    ...listingHoldsQuery(listingId),
    enabled,
    select: (holds) =>
      holds.find((h) => h.status === 'Active' && Date.parse(h.expires_at) > Date.now()) ?? null,
  });
}
