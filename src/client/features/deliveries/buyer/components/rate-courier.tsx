import { useState } from 'react';
import { PROOF_LIMITS } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { Form, FormAlert, SubmitButton, TextAreaField } from '#client/components/ui/fields.js';
import { RatingField } from '#client/components/ui/rating-field.js';
import { Stars } from '#client/components/ui/stars.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { useRateCourier } from '../api/order-actions-api';

/** After Delivered, once: the buyer's stars for the courier. */
export function RateCourier({ delivery }: { delivery: DeliveryInstruction }) {
  const rate = useRateCourier();
  const key = useSendKey();
  const [rating, setRating] = useState<number | ''>('');
  const [comment, setComment] = useState('');
  const { problem, require } = useFormCheck();
  const id = `courier-rating-${delivery.delivery_id}`;

  if (delivery.delivery_rating !== null) {
    return (
      <p className="os-outcome">
        <span className="dl-label">You rated your courier:</span>{' '}
        <Stars rating={delivery.delivery_rating} />
      </p>
    );
  }
  return (
    <Form
      className="os-rate form"
      aria-label="Rate your courier"
      onSubmit={() => {
        if (!require(rating, 'Please choose a rating.')) return;
        const body = { rating, comment: comment.trim() };
        rate.mutate({ deliveryId: delivery.delivery_id, body, key: key.for(body) });
      }}
    >
      <h3>Rate your courier</h3>
      <RatingField
        id={id}
        label="Rating"
        placeholder="Choose stars"
        value={String(rating)}
        invalid={problem !== ''}
        onValue={(value) => setRating(value === '' ? '' : Number(value))}
      />
      <TextAreaField
        id={`${id}-comment`}
        label="Comment (optional)"
        rows={2}
        maxLength={PROOF_LIMITS.ratingComment}
        value={comment}
        onValue={setComment}
      />
      <FormAlert>{problem || (rate.error && rate.error.message)}</FormAlert>
      <SubmitButton busy={rate.isPending} busyText="Sending…">
        Send rating
      </SubmitButton>
    </Form>
  );
}
