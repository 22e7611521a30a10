/** How an offer reads to each side, in the product's words. */
import { OFFER_LAPSE_HOURS, type OfferSide } from '#shared/sales.js';
import type { Offer } from '#shared/schemas/sales.js';
import { campusDateTime } from '#client/lib/campus-time.js';
import { formatPrice } from '#client/lib/format.js';

export const when = (iso: string) => campusDateTime(new Date(iso));

/** The amount an answer to the offer takes now: the counter while Countered, else the offer. */
export function amountOnTable(offer: Offer): number {
  return offer.status === 'Countered' && offer.counter_amount !== null
    ? offer.counter_amount
    : offer.amount;
}

/** The card's first line: who offers what. */
export function offerHeadline(offer: Offer, side: OfferSide): string {
  return side === 'seller'
    ? `${offer.buyer_username} offers ${formatPrice(offer.amount)}`
    : `Your offer: ${formatPrice(offer.amount)}`;
}

/** Where the offer stands, and why it ended when it has. */
export function offerStatusLine(offer: Offer, side: OfferSide): string {
  const buyer = offer.buyer_username;
  const counter = offer.counter_amount === null ? '' : formatPrice(offer.counter_amount);
  switch (offer.status) {
    case 'Pending':
      return side === 'seller'
        ? `Answer by ${when(offer.expires_at)}.`
        : `Waiting for the seller's answer, until ${when(offer.expires_at)}.`;
    case 'Countered':
      return side === 'seller'
        ? `You countered with ${counter}. Waiting for ${buyer}, until ${when(offer.expires_at)}.`
        : `The seller countered with ${counter}. Answer by ${when(offer.expires_at)}.`;
    case 'Accepted':
      return `Agreed price: ${formatPrice(offer.agreed_amount ?? offer.amount)}.`;
    case 'Declined':
      if (offer.counter_amount !== null)
        return side === 'seller'
          ? `${buyer} declined your counter of ${counter}.`
          : `You declined the seller's counter of ${counter}.`;
      return side === 'seller' ? 'You declined this offer.' : 'The seller declined your offer.';
    case 'Withdrawn':
      return side === 'seller' ? `${buyer} withdrew this offer.` : 'You withdrew this offer.';
    case 'Lapsed':
      return `Nobody answered within ${OFFER_LAPSE_HOURS} hours.`;
    case 'Closed':
      return `${offer.closed_reason ?? 'The listing changed'}.`;
  }
}
