/** Reads and writes of the listing page: message sent?, delivery requested?, request, review. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/orders.js';
import * as listingPaths from '#shared/api-paths/listings.js';
import * as messagePaths from '#shared/api-paths/messages.js';
import type { CreateDeliveryRequestBody, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { CreateReviewBody, Review } from '#shared/schemas/reviews.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { retryLostAnswer } from '#client/lib/use-send-key.js';
import { idempotencyHeaders } from '#client/lib/idempotency-key.js';

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

/** A create and the Idempotency-Key it is sent with (the same on every try). */
export interface Keyed<T> {
  body: T;
  key: string;
}

/**
 * Settles on the POST's own answer: "Request Already Sent" shows from it at once, the lists
 * refresh behind (not awaited: on a slow network the form would wait for them).
 */
export function useRequestDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<CreateDeliveryRequestBody>) =>
      api<DeliveryRequest>(orderPaths.deliveryRequests, {
        method: 'POST',
        body,
        headers: idempotencyHeaders(key),
      }),
    retry: retryLostAnswer,
    onSuccess: (request) => {
      client.setQueryData(
        queryKeys.listingBuyer(request.buyer_id, request.listing_id),
        (list: DeliveryRequest[] | undefined) => [...(list ?? []), request],
      );
      void client.invalidateQueries({ queryKey: queryKeys.deliveryRequests() });
    },
  });
}

/** Settles on the POST's own answer: the review shows at once, the rest refreshes behind. */
export function useCreateReview(vendorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<CreateReviewBody>) =>
      api<Review>(listingPaths.createReview, {
        method: 'POST',
        body,
        headers: idempotencyHeaders(key),
      }),
    retry: retryLostAnswer,
    onSuccess: (review) => {
      client.setQueryData(queryKeys.reviews(vendorId), (list: Review[] | undefined) =>
        list && !list.some((r) => r.review_id === review.review_id) ? [review, ...list] : list,
      );
      void client.invalidateQueries({ queryKey: queryKeys.reviews(vendorId) });
      void client.invalidateQueries({ queryKey: queryKeys.reviewEligibility(vendorId) });
      // The seller's rating changes with each review.
      void client.invalidateQueries({ queryKey: ['listings'] });
      void client.invalidateQueries({ queryKey: queryKeys.user(vendorId) });
    },
  });
}
