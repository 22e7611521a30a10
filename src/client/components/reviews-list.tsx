import { BOUGHT_HERE_LABEL } from '#shared/sales.js';
import type { Review } from '#shared/schemas/reviews.js';
import { shortUsDate } from '../lib/format';
import { Stars } from './ui/stars';
import './reviews-list.css';

/**
 * Reviews of a seller: stars, "Bought here" when the reviewer bought from them, comment,
 * "Reviwer: {username}" (spelled so) and a short date.
 */
export function ReviewsList({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return <p className="note note-empty">No reviews yet.</p>;
  return (
    <ul className="reviews" role="list">
      {reviews.map((review) => (
        <li key={review.review_id} className="review">
          <div className="review-head">
            <Stars rating={review.rating} />
            {review.bought_here && <span className="review-bought">{BOUGHT_HERE_LABEL}</span>}
          </div>
          {review.comment && <p className="review-comment">{review.comment}</p>}
          <p className="review-meta">
            <span>Reviwer: {review.username}</span>
            <time dateTime={review.review_date}>{shortUsDate(review.review_date)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
