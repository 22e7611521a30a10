import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.js';
import { SelectField } from './fields';

/**
 * Giving stars (a review, a courier's rating), apart from showing them (`stars.tsx`): every
 * card shows stars, and the home route needs none of the form pieces this brings.
 */

/** The stars one can give, best first. */
const RATINGS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, i) => REVIEW_RATING_MAX - i,
);

/** A required choice of stars, best first: "5 stars" to "1 star". */
export function RatingField(
  props: Omit<Parameters<typeof SelectField<number>>[0], 'options' | 'optionLabel'>,
) {
  return (
    <SelectField
      {...props}
      options={RATINGS}
      optionLabel={(n) => (n === 1 ? '1 star' : `${n} stars`)}
    />
  );
}
