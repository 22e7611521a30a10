/** Reads and writes of the listing page: message sent?, delivery requested?, request, review. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { CreateDeliveryRequestBody, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { CreateReviewBody, Review } from '#shared/schemas/reviews.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** Spec: a non-empty array means a message was already sent about this listing. */
export const listingSenderQuery = (userId: number, listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingSender(userId, listingId),
    queryFn: () =>
      api<DirectMessage[]>(API.listingSender, { query: { id: userId, listing: listingId } }),
    // Always re-checked on mount: a cache saved before the last send must not hide it.
    staleTime: 0,
  });

export function useMessageSent(userId: number, listingId: number) {
  return useQuery({ ...listingSenderQuery(userId, listingId), select: (list) => list.length > 0 });
}

/** Spec: a non-empty array means delivery was already requested. */
export const listingBuyerQuery = (userId: number, listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingBuyer(userId, listingId),
    queryFn: () => api<DeliveryRequest[]>(API.listingBuyer, { query: { userId, listingId } }),
    staleTime: 0,
  });

export function useDeliveryRequested(userId: number, listingId: number) {
  return useQuery({ ...listingBuyerQuery(userId, listingId), select: (list) => list.length > 0 });
}

export function useRequestDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeliveryRequestBody) =>
      api<DeliveryRequest>(API.deliveryRequests, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.deliveryRequests() }),
  });
}

export function useCreateReview(vendorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => api<Review>(API.createReview, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews(vendorId) }),
        client.invalidateQueries({ queryKey: queryKeys.reviewEligibility(vendorId) }),
        // The seller's rating changes with each review.
        client.invalidateQueries({ queryKey: ['listings'] }),
        client.invalidateQueries({ queryKey: queryKeys.user(vendorId) }),
      ]),
  });
}
