import { useState } from 'react';
import { LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.js';
import { Modal } from '#client/components/ui/modal.js';
import { useCreateReview } from '../api/product-api';

export const RATING_REQUIRED = 'Please choose a rating from 1 to 5.';

const RATINGS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, i) => REVIEW_RATING_MAX - i,
);

interface Props {
  authorId: number;
  vendorId: number;
  onClose: () => void;
}

/** "Rating Seller": rating 1-5 (required), Comment (3 rows), Submit. */
export function ReviewForm({ authorId, vendorId, onClose }: Props) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState('');
  const review = useCreateReview(vendorId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(rating);
    if (!Number.isInteger(value) || value < REVIEW_RATING_MIN || value > REVIEW_RATING_MAX) {
      setProblem(RATING_REQUIRED);
      document.getElementById('review-rating')?.focus();
      return;
    }
    setProblem('');
    review.mutate(
      { author_id: authorId, vendor_id: vendorId, rating: value, comment: comment.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal title="Rating Seller" onClose={onClose} busy={review.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="review-rating">Rating</label>
          <select
            id="review-rating"
            required
            value={rating}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setRating(e.target.value)}
          >
            <option value="">Choose a rating</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {r} star{r === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="review-comment">Comment</label>
          <textarea
            id="review-comment"
            rows={3}
            maxLength={LIMITS.comment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {review.isError && (
          <p className="form-error" role="alert">
            Could not save the review: {review.error.message}
          </p>
        )}
        <button type="submit" className="btn" disabled={review.isPending}>
          {review.isPending ? 'Saving…' : 'Submit'}
        </button>
      </form>
    </Modal>
  );
}
