import { useState } from 'react';
import { LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.js';
import { SelectField, TextAreaField } from '#client/components/ui/fields.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
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
  const { problem, require } = useFormCheck();
  const review = useCreateReview(vendorId);
  const key = useSendKey();

  const submit = () => {
    const value = Number(rating);
    const valid =
      Number.isInteger(value) && value >= REVIEW_RATING_MIN && value <= REVIEW_RATING_MAX;
    if (!require(valid, RATING_REQUIRED, 'review-rating')) return;
    const body = {
      author_id: authorId,
      vendor_id: vendorId,
      rating: value,
      comment: comment.trim(),
    };
    review.mutate({ body, key: key.for(body) }, { onSuccess: onClose });
  };

  return (
    <ModalForm
      title="Rating Seller"
      onClose={onClose}
      onSubmit={submit}
      sending={review}
      problem={problem}
      failure="Could not save the review"
      submitLabel="Submit"
    >
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
    </ModalForm>
  );
}
