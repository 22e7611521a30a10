import { DEFAULT_RATING, REVIEW_RATING_MAX } from '#shared/constants.js';

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
