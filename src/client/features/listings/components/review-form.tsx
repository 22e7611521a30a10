import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { TextAreaField } from '#client/components/ui/fields.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { RatingField } from '#client/components/ui/rating-field.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { useCreateReview } from '../api/product-creates';

export const RATING_REQUIRED = 'Please choose a rating from 1 to 5.';

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
    if (!require(rating, RATING_REQUIRED, 'review-rating')) return;
    const body = {
      author_id: authorId,
      vendor_id: vendorId,
      rating: Number(rating),
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
      <RatingField
        id="review-rating"
        label="Rating"
        placeholder="Choose a rating"
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
