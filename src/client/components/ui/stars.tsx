import { DEFAULT_RATING, REVIEW_RATING_MAX } from '../../../shared/constants';

/** A 0-5 star rating; a missing rating shows the spec's default of 1. */
export function Stars({
  rating,
  className,
}: {
  rating: number | null | undefined;
  className?: string;
}) {
  const value = Math.max(0, Math.min(REVIEW_RATING_MAX, Math.round(rating ?? DEFAULT_RATING)));
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
