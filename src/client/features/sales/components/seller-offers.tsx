import { isOpenOffer } from '#shared/sales.js';
import type { Listing } from '#shared/schemas/listings.js';
import type { Offer } from '#shared/schemas/sales.js';
import { useWaitingSales } from '#client/lib/outbox-hooks.js';
import { useCounterparts } from '../api/buyer-names';
import { useActiveHold, useListingOffers } from '../api/sales-queries';
import { HoldBar } from './hold-bar';
import { OfferCard } from './offer-card';
import { OffersState } from './offers-state';
import '#client/features/sales/sales.css';

interface Props {
  listing: Listing;
  userId: number;
}

/**
 * The seller's offers on their product page: the hold, if the item is on hold (Release, Extend),
 * the offers waiting for an answer (Accept, Decline, Counter), then the earlier ones.
 */
export function SellerOffers({ listing, userId }: Props) {
  const offers = useListingOffers(listing.listing_id);
  return (
    <section className="action-box sale-box" aria-labelledby="seller-offers-title">
      <h2 id="seller-offers-title">Offers</h2>
      <OffersState query={offers}>
        {(list) => <SellerOfferList listing={listing} userId={userId} offers={list} />}
      </OffersState>
    </section>
  );
}

function SellerOfferList({ listing, userId, offers }: Props & { offers: Offer[] }) {
  const hold = useActiveHold(listing.listing_id, listing.on_hold === true);
  const waiting = useWaitingSales(userId, listing.listing_id);
  const people = useCounterparts(userId, listing.listing_id, offers);
  const open = offers.filter((o) => isOpenOffer(o.status));
  const earlier = offers.filter((o) => !isOpenOffer(o.status));
  const card = (offer: Offer) => (
    <li key={offer.offer_id}>
      <OfferCard
        offer={offer}
        side="seller"
        userId={userId}
        waiting={waiting.filter((e) => e.request.offerId === offer.offer_id)}
      />
    </li>
  );
  return (
    <>
      {hold.data && (
        <HoldBar
          hold={hold.data}
          side="seller"
          userId={userId}
          buyerName={people.find((p) => p.userId === hold.data?.buyer_id)?.username}
          waiting={waiting}
        />
      )}
      {offers.length === 0 && <p className="action-box-text">No offers yet.</p>}
      {open.length > 0 && (
        <ul className="offer-list" role="list" aria-label="Offers waiting for your answer">
          {open.map(card)}
        </ul>
      )}
      {earlier.length > 0 && (
        <details className="offer-earlier" open={open.length === 0 && !hold.data}>
          <summary>Earlier offers ({earlier.length})</summary>
          <ul className="offer-list" role="list">
            {earlier.map(card)}
          </ul>
        </details>
      )}
    </>
  );
}
