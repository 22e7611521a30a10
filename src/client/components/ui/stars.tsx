import { DEFAULT_RATING, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.js';
import { SelectField } from './fields';

/**
 * A 0-5 star rating; a missing rating shows the spec's default of 1. With `reviewCount` 0 (a
 * seller nobody reviewed yet) the default stars are labelled "No reviews yet", so nobody reads
 * them as a verdict.
 */
export function Stars({
  rating,
  reviewCount,
  className,
}: {
  rating: number | null | undefined;
  reviewCount?: number;
  className?: string;
}) {
  const value = Math.max(0, Math.min(REVIEW_RATING_MAX, Math.round(rating ?? DEFAULT_RATING)));
  if (reviewCount === 0) {
    return (
      <span className={`stars stars-none${className ? ` ${className}` : ''}`}>
        <span aria-hidden="true" className="stars-on">
          {'★'.repeat(value)}
        </span>
        <span aria-hidden="true" className="stars-off">
          {'★'.repeat(REVIEW_RATING_MAX - value)}
        </span>{' '}
        <span className="stars-note">No reviews yet</span>
      </span>
    );
  }
  return (
    <span
      className={`stars${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={`${value} out of ${REVIEW_RATING_MAX} stars`}
    >
      <span aria-hidden="true" className="stars-on">
        {'★'.repeat(value)}
      </span>
      <span aria-hidden="true" className="stars-off">
        {'★'.repeat(REVIEW_RATING_MAX - value)}
      </span>
    </span>
  );
}

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
