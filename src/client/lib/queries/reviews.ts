/** GET /api/review/{vendorId}: a seller's reviews, newest first; and whether the reader may add one. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
import type { ReviewEligibility } from '#shared/schemas/moderation.js';
import type { Review } from '#shared/schemas/reviews.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export function newestFirst(reviews: readonly Review[]): Review[] {
  return [...reviews].sort(
    (a, b) =>
      new Date(b.review_date).getTime() - new Date(a.review_date).getTime() ||
      b.review_id - a.review_id,
  );
}

export const reviewsQuery = (vendorId: number) =>
  queryOptions({
    queryKey: queryKeys.reviews(vendorId),
    queryFn: async () => newestFirst(await api<Review[]>(listingPaths.reviews(vendorId))),
    // Whether the reader may still review depends on this list: re-check it on every visit.
    staleTime: 0,
  });

export function useReviews(vendorId: number | null) {
  return useQuery({ ...reviewsQuery(vendorId ?? 0), enabled: vendorId !== null && vendorId > 0 });
}

export const reviewEligibilityQuery = (vendorId: number) =>
  queryOptions({
    queryKey: queryKeys.reviewEligibility(vendorId),
    queryFn: () => api<ReviewEligibility>(listingPaths.reviewEligibility(vendorId)),
    // A message sent a moment ago may have made it possible: check on every visit.
    staleTime: 0,
  });

export function useReviewEligibility(vendorId: number, enabled: boolean) {
  return useQuery({ ...reviewEligibilityQuery(vendorId), enabled });
}
