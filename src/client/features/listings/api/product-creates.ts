/**
 * The listing page's creates, a delivery request and a review: each POSTed with its
 * Idempotency-Key, loaded with the form that sends it (not with the page).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import * as listingPaths from '#shared/api-paths/listings.js';
import type { CreateDeliveryRequestBody, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { CreateReviewBody, Review } from '#shared/schemas/reviews.js';
import { postCreate } from '#client/lib/idempotency-key.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { retryLostAnswer } from '#client/lib/use-send-key.js';

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
