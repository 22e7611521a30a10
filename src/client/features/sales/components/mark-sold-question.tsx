import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Listing } from '#shared/schemas/listings.js';
import { Button } from '#client/components/ui/button.js';
import { Modal } from '#client/components/ui/modal.js';
import { useCounterparts } from '../api/buyer-names';
import { listingHoldsQuery, useListingOffers } from '../api/sales-queries';
import '#client/components/dialogs/app-dialog.css';
import '#client/features/sales/sales.css';

export interface MarkSoldQuestionProps {
  listing: Listing;
  /** The question and what it does ("Mark this listing as sold?"): the listings area's words. */
  message: string;
  detail: string;
  confirmLabel: string;
  /** The answer: who bought it (null: someone else), or no answer (cancelled). */
  onAnswer: (answer: { buyerId: number | null } | null) => void;
}

const SOMEONE_ELSE = 'someone-else';

/**
 * "Mark as Sold" asks who bought the item: one of the people who wrote to the seller about it,
 * made an offer or had it on hold (the one it is on hold for is picked first), or "Someone
 * else", which marks it sold without naming anybody, as the spec's flow does.
 */
export function MarkSoldQuestion({
  listing,
  message,
  detail,
  confirmLabel,
  onAnswer,
}: MarkSoldQuestionProps) {
  const detailId = useId();
  const offers = useListingOffers(listing.listing_id);
  const holds = useQuery(listingHoldsQuery(listing.listing_id));
  const people = useCounterparts(listing.vendor_id, listing.listing_id, offers.data);
  const holder = holds.data?.find((h) => h.status === 'Active')?.buyer_id;
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (holder !== undefined ? String(holder) : SOMEONE_ELSE);
  const options = [
    ...people.map((p) => ({ value: String(p.userId), label: p.username })),
    { value: SOMEONE_ELSE, label: 'Someone else' },
  ];
  return (
    <Modal
      title={message}
      role="alertdialog"
      describedBy={detailId}
      closeButton={false}
      onClose={() => onAnswer(null)}
    >
      <p id={detailId} className="app-dialog-detail">
        {detail}
      </p>
      <fieldset className="sold-to">
        <legend>Who bought it?</legend>
        {options.map((o) => (
          <label key={o.value} className="sold-to-choice">
            <input
              type="radio"
              name="sold-to"
              value={o.value}
              checked={choice === o.value}
              onChange={() => setPicked(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <div className="app-dialog-answers">
        <Button
          size="large"
          data-answer="yes"
          data-autofocus=""
          onClick={() => onAnswer({ buyerId: choice === SOMEONE_ELSE ? null : Number(choice) })}
        >
          {confirmLabel}
        </Button>
        <Button size="large" variant="outline" data-answer="no" onClick={() => onAnswer(null)}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
