import { Suspense, useState } from 'react';
import { isOpenOffer, LISTING_ON_HOLD_MESSAGE } from '#shared/sales.js';
import type { Listing } from '#shared/schemas/listings.js';
import type { Offer } from '#shared/schemas/sales.js';
import { Button } from '#client/components/ui/button.js';
import { formatPrice } from '#client/lib/format.js';
import { useWaitingSales } from '#client/lib/outbox-hooks.js';
import { makeOfferStep } from '../api/sale-steps';
import { useActiveHold, useListingOffers } from '../api/sales-queries';
import { AmountForm } from './lazy-amount-form';
import { HoldBar } from './hold-bar';
import { OfferCard } from './offer-card';
import { OffersState } from './offers-state';
import '#client/features/sales/sales.css';

interface Props {
  listing: Listing;
  userId: number;
}

/**
 * The signed-in buyer's offer on the product page: "Make an offer" (an amount in dollars and a
 * note), then where their latest offer stands with their answers; "On hold for you" once the
 * seller and they agreed. A listing held for someone else takes no offer.
 */
export function BuyerOffers({ listing, userId }: Props) {
  const offers = useListingOffers(listing.listing_id);
  // An item no longer for sale shows the buyer's offers, if they made any; else nothing here.
  if (listing.listing_status !== 'Active' && !offers.data?.length) return null;
  return (
    <section className="action-box sale-box" aria-labelledby="offer-box-title">
      <h2 id="offer-box-title">Offers</h2>
      {heldForAnother(listing, userId) ? (
        <p className="note">{LISTING_ON_HOLD_MESSAGE}</p>
      ) : (
        <OffersState query={offers}>
          {(list) => <BuyerOfferState listing={listing} userId={userId} offers={list} />}
        </OffersState>
      )}
    </section>
  );
}

/** On hold, and not for `userId` (the listing names the holder only to them and the seller). */
const heldForAnother = (listing: Listing, userId: number) =>
  listing.on_hold === true && listing.held_for !== userId;

/** The buyer's latest offer and what they can do next (also in their conversation). */
export function BuyerOfferState({ listing, userId, offers }: Props & { offers: Offer[] }) {
  const held = listing.on_hold === true && listing.held_for === userId;
  const [making, setMaking] = useState(false);
  const waiting = useWaitingSales(userId, listing.listing_id);
  const hold = useActiveHold(listing.listing_id, held);
  const latest = offers[0];
  // Offers written without a network: shown at once, sent once it works.
  const waitingOffers = waiting.filter(
    (e) => e.request.offerId === undefined && e.request.path.endsWith('/offers'),
  );
  if (heldForAnother(listing, userId)) return <p className="note">{LISTING_ON_HOLD_MESSAGE}</p>;
  const canOffer =
    listing.listing_status === 'Active' &&
    !held &&
    waitingOffers.length === 0 &&
    !(latest && isOpenOffer(latest.status));
  return (
    <>
      {held &&
        (hold.data ? (
          <HoldBar hold={hold.data} side="buyer" userId={userId} waiting={[]} />
        ) : (
          <p className="hold-bar">
            <strong>On hold for you</strong>
          </p>
        ))}
      {waitingOffers.map((e) => (
        <p key={e.key} className="sale-waiting" data-testid="sale-waiting">
          Waiting to send: {e.request.label}
        </p>
      ))}
      {latest && waitingOffers.length === 0 && (
        <OfferCard
          offer={latest}
          side="buyer"
          userId={userId}
          waiting={waiting.filter((e) => e.request.offerId === latest.offer_id)}
        />
      )}
      {canOffer && (
        <>
          {!latest && (
            <p className="action-box-text">
              Name your price: the seller accepts, declines or answers with theirs.
            </p>
          )}
          <Button variant="outline" block onClick={() => setMaking(true)}>
            Make an offer
          </Button>
        </>
      )}
      {making && (
        <Suspense fallback={null}>
          <AmountForm
            userId={userId}
            title="Make an offer"
            submitLabel="Send offer"
            hint={`The seller asks ${formatPrice(listing.price)}.`}
            withNote
            toStep={(amount, note) => makeOfferStep(listing.listing_id, amount, note)}
            onClose={() => setMaking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
