import { z } from 'zod';
import { LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../constants.js';
import { id, idParam, numeric, optionalText } from './common.js';

export const review = z.object({
  review_id: z.number(),
  author_id: z.number(),
  vendor_id: z.number(),
  rating: z.number(),
  comment: z.string(),
  review_date: z.string(),
  username: z.string(),
  /**
   * "Bought here" (BOUGHT_HERE_LABEL): true when the reviewer has a sale from this seller on
   * record; absent otherwise.
   */
  bought_here: z.boolean().optional(),
});
export type Review = z.infer<typeof review>;

export const ratingValue = numeric(
  z
    .number({ message: 'Rating is required' })
    .int('Rating must be a whole number of stars')
    .min(REVIEW_RATING_MIN, `Rating must be ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`)
    .max(REVIEW_RATING_MAX, `Rating must be ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`),
);

export const createReviewBody = z.strictObject({
  author_id: id,
  vendor_id: id,
  rating: ratingValue,
  comment: optionalText('Comment', LIMITS.comment),
});
export type CreateReviewBody = z.input<typeof createReviewBody>;

export const vendorParams = z.strictObject({ vendorId: idParam });
