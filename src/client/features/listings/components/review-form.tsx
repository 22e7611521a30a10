import { useState } from 'react';
import { LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.js';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '#client/components/ui/fields.js';
import { Modal } from '#client/components/ui/modal.js';
import { useSendKey } from '#client/lib/use-send-key.js';
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
  const key = useSendKey();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(rating);
    if (!Number.isInteger(value) || value < REVIEW_RATING_MIN || value > REVIEW_RATING_MAX) {
      setProblem(RATING_REQUIRED);
      document.getElementById('review-rating')?.focus();
      return;
    }
    setProblem('');
    const body = {
      author_id: authorId,
      vendor_id: vendorId,
      rating: value,
      comment: comment.trim(),
    };
    review.mutate({ body, key: key.for(body) }, { onSuccess: onClose });
  };

  return (
    <Modal title="Rating Seller" onClose={onClose} busy={review.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <SelectField
          id="review-rating"
          label="Rating"
          placeholder="Choose a rating"
          options={RATINGS}
          optionLabel={(r) => `${r} star${r === 1 ? '' : 's'}`}
          value={rating}
          invalid={problem !== ''}
          onValue={setRating}
        />
        <TextAreaField
          id="review-comment"
          label="Comment"
          rows={3}
          maxLength={LIMITS.comment}
          value={comment}
          onValue={setComment}
        />
        <FormAlert>{problem}</FormAlert>
        <FormAlert>
          {review.isError && `Could not save the review: ${review.error.message}`}
        </FormAlert>
        <SubmitButton busy={review.isPending} busyText="Sending…">
          Submit
        </SubmitButton>
      </form>
    </Modal>
  );
}
