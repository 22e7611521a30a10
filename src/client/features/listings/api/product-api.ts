/** Reads and writes of the listing page: message sent?, delivery requested?, request, review. */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/orders.js';
import * as listingPaths from '#shared/api-paths/listings.js';
import * as messagePaths from '#shared/api-paths/messages.js';
import type { CreateDeliveryRequestBody, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { CreateReviewBody, Review } from '#shared/schemas/reviews.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { retryLostAnswer } from '#client/lib/use-send-key.js';
import { postCreate } from '#client/lib/idempotency-key.js';

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
 * A create of the listing page: POSTed with its key, tried once more after a lost answer, and
 * settled on the POST's own answer, which `created` writes where it shows.
 */
function useCreate<Body, Created>(
  path: string,
  created: (client: QueryClient, value: Created) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<Body>) => postCreate<Created>(path, body, key),
    retry: retryLostAnswer,
    onSuccess: (value) => created(client, value),
  });
}

/**
 * "Request Already Sent" shows from the POST's answer at once, the lists refresh behind (not
 * awaited: on a slow network the form would wait for them).
 */
export function useRequestDelivery() {
  return useCreate<CreateDeliveryRequestBody, DeliveryRequest>(
    orderPaths.deliveryRequests,
    (client, request) => {
      client.setQueryData(
        queryKeys.listingBuyer(request.buyer_id, request.listing_id),
        (list: DeliveryRequest[] | undefined) => [...(list ?? []), request],
      );
      void client.invalidateQueries({ queryKey: queryKeys.deliveryRequests() });
    },
  );
}

/** The review shows at once, the rest refreshes behind. */
export function useCreateReview(vendorId: number) {
  return useCreate<CreateReviewBody, Review>(listingPaths.createReview, (client, review) => {
    client.setQueryData(queryKeys.reviews(vendorId), (list: Review[] | undefined) =>
      list && !list.some((r) => r.review_id === review.review_id) ? [review, ...list] : list,
    );
    void client.invalidateQueries({ queryKey: queryKeys.reviews(vendorId) });
    void client.invalidateQueries({ queryKey: queryKeys.reviewEligibility(vendorId) });
    // The seller's rating changes with each review.
    void client.invalidateQueries({ queryKey: ['listings'] });
    void client.invalidateQueries({ queryKey: queryKeys.user(vendorId) });
  });
}
