import { Suspense, useState } from 'react';
import { HOLD_HOURS, isOpenOffer, type OfferAction, type OfferSide } from '#shared/sales.js';
import type { SaleEntry } from '#shared/outbox.js';
import type { Offer } from '#shared/schemas/sales.js';
import { Button } from '#client/components/ui/button.js';
import { FormAlert } from '#client/components/ui/fields.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { formatPrice } from '#client/lib/format.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { answerOfferStep, useSaleStep } from '../api/sale-steps';
import { AmountForm } from './lazy-amount-form';
import { amountOnTable, offerHeadline, offerStatusLine } from './offer-words';

interface Props {
  offer: Offer;
  side: OfferSide;
  userId: number;
  /** Steps of this person about this offer still waiting for the network. */
  waiting: readonly SaleEntry[];
}

/** The question each answer asks first: accepting and declining bind, so they are asked. */
function question(offer: Offer, side: OfferSide, action: OfferAction) {
  const price = formatPrice(amountOnTable(offer));
  if (action === 'accept')
    return side === 'seller'
      ? {
          message: 'Accept this offer?',
          detail: `${offer.buyer_username} pays ${price}, and the item is on hold for them for ${HOLD_HOURS} hours.`,
          confirmLabel: 'Accept',
        }
      : {
          message: "Accept the seller's counter?",
          detail: `You pay ${price}, and the item is on hold for you for ${HOLD_HOURS} hours.`,
          confirmLabel: 'Accept',
        };
  if (action === 'decline')
    return {
      message: side === 'seller' ? 'Decline this offer?' : "Decline the seller's counter?",
      detail: `The offer of ${price} ends.`,
      confirmLabel: 'Decline',
    };
  return {
    message: 'Withdraw your offer?',
    detail: `Your offer of ${formatPrice(offer.amount)} ends.`,
    confirmLabel: 'Withdraw',
  };
}

/**
 * One offer as a card: who offers what, where it stands (and why it ended), and the answers of
 * whoever's move it is: the seller accepts, declines or counters a Pending offer; the buyer
 * withdraws it, or accepts, declines or offers again on a counter.
 */
export function OfferCard({ offer, side, userId, waiting }: Props) {
  const step = useSaleStep(userId);
  const key = useSendKey();
  const [form, setForm] = useState<'counter' | 'offer' | null>(null);
  const open = isOpenOffer(offer.status);
  const busy = step.isPending || waiting.length > 0;

  const answer = async (action: 'accept' | 'decline' | 'withdraw') => {
    const { message, ...options } = question(offer, side, action);
    if (!(await askToConfirm(message, { ...options, danger: action !== 'accept' }))) return;
    const request = answerOfferStep(offer, action);
    // A new key once the offer has moved: the same answer to a later state is a new step.
    step.mutate(
      { request, key: key.for({ ...request.body, at: offer.updated_at }) },
      { onSuccess: () => key.done() },
    );
  };

  const label = side === 'seller' ? `Offer from ${offer.buyer_username}` : 'Your offer';
  const sellerMove = side === 'seller' && offer.status === 'Pending';
  const buyerCounter = side === 'buyer' && offer.status === 'Countered';
  return (
    <article className={`offer-card${open ? ' is-open' : ''}`} aria-label={label}>
      <p className="offer-card-head">
        <strong>{offerHeadline(offer, side)}</strong>
        <span className="badge">{offer.status}</span>
      </p>
      {offer.note && <p className="offer-card-note">“{offer.note}”</p>}
      <p className="offer-card-line">{offerStatusLine(offer, side)}</p>
      {waiting.map((e) => (
        <p key={e.key} className="sale-waiting" data-testid="sale-waiting">
          Waiting to send: {e.request.label}
        </p>
      ))}
      {open && waiting.length === 0 && (sellerMove || side === 'buyer') && (
        <div className="btn-row offer-card-actions">
          {(sellerMove || buyerCounter) && (
            <Button disabled={busy} onClick={() => void answer('accept')}>
              Accept
            </Button>
          )}
          {(sellerMove || buyerCounter) && (
            <Button variant="outline" disabled={busy} onClick={() => void answer('decline')}>
              Decline
            </Button>
          )}
          {sellerMove && (
            <Button variant="outline" disabled={busy} onClick={() => setForm('counter')}>
              Counter
            </Button>
          )}
          {buyerCounter && (
            <Button variant="outline" disabled={busy} onClick={() => setForm('offer')}>
              Offer again
            </Button>
          )}
          {side === 'buyer' && offer.status === 'Pending' && (
            <Button variant="outline" disabled={busy} onClick={() => void answer('withdraw')}>
              Withdraw
            </Button>
          )}
        </div>
      )}
      <FormAlert>{step.isError && `Could not send: ${step.error.message}`}</FormAlert>
      {form && (
        <Suspense fallback={null}>
          <AmountForm
            userId={userId}
            title={form === 'counter' ? 'Counter' : 'Offer again'}
            submitLabel={form === 'counter' ? 'Send counter' : 'Send offer'}
            hint={
              form === 'counter'
                ? `${offer.buyer_username} offers ${formatPrice(offer.amount)}.`
                : `The seller asks ${formatPrice(amountOnTable(offer))}.`
            }
            toStep={(amount) => answerOfferStep(offer, form, amount)}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
    </article>
  );
}
