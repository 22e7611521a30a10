import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { HOLD_HOURS, isOpenOffer, LISTING_ON_HOLD_MESSAGE } from '#shared/sales.js';
import type { Listing } from '#shared/schemas/listings.js';
import type { Offer } from '#shared/schemas/sales.js';
import { Button } from '#client/components/ui/button.js';
import { FormAlert } from '#client/components/ui/fields.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { useWaitingSales } from '#client/lib/outbox-hooks.js';
import { listingQuery } from '#client/lib/queries/listings.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { holdStep, useSaleStep } from '../api/sale-steps';
import { useActiveHold, useConversationOffers } from '../api/sales-queries';
import { BuyerOfferState } from './buyer-offers';
import { HoldBar } from './hold-bar';
import { OfferCard } from './offer-card';
import { OffersState } from './offers-state';
import '#client/features/sales/sales.css';

/** "Sold at <spot>": the meeting on campus that sold the item, once its hold is over. */
const MeetingRecord = lazyComponent(() =>
  import('../meetings/meeting-record').then((m) => m.MeetingRecord),
);

export interface ConversationOffersProps {
  listingId: number | null;
  otherId: number;
  otherUsername: string;
  myId: number;
}

/**
 * The offers of a conversation about a listing, as cards with the answers of whoever's move it
 * is, kept current by live events; the seller's "Hold for <buyer>" and, on an active hold,
 * Release and Extend; the buyer's "On hold for you until …". Nothing for a conversation that is
 * not between the listing's seller and a buyer (a courier's).
 */
export function ConversationOffers({ listingId, ...rest }: ConversationOffersProps) {
  const listing = useQuery({ ...listingQuery(listingId ?? 0), enabled: listingId !== null });
  if (listingId === null || !listing.data) return null;
  const { vendor_id: sellerId } = listing.data;
  if (sellerId !== rest.myId && sellerId !== rest.otherId) return null;
  return <ConversationSale listing={listing.data} {...rest} />;
}

function ConversationSale({
  listing,
  otherId,
  otherUsername,
  myId,
}: Omit<ConversationOffersProps, 'listingId'> & { listing: Listing }) {
  const seller = listing.vendor_id === myId;
  const offers = useConversationOffers(listing.listing_id, otherId);
  return (
    <section className="thread-sale" aria-label="Offers">
      <OffersState query={offers}>
        {(list) =>
          seller ? (
            <SellerSide
              listing={listing}
              buyerId={otherId}
              buyerName={otherUsername}
              offers={list}
              myId={myId}
            />
          ) : (
            <BuyerOfferState listing={listing} userId={myId} offers={list} />
          )
        }
      </OffersState>
      {listing.listing_status === 'Sold' && (
        <Suspense fallback={null}>
          <MeetingRecord listingId={listing.listing_id} userId={myId} otherId={otherId} />
        </Suspense>
      )}
    </section>
  );
}

function SellerSide({
  listing,
  buyerId,
  buyerName,
  offers,
  myId,
}: {
  listing: Listing;
  buyerId: number;
  buyerName: string;
  offers: Offer[];
  myId: number;
}) {
  const hold = useActiveHold(listing.listing_id, listing.on_hold === true);
  const waiting = useWaitingSales(myId, listing.listing_id);
  const step = useSaleStep(myId);
  const key = useSendKey();
  const heldForThem = hold.data?.buyer_id === buyerId;
  const waitingHold = waiting.filter(
    (e) => e.request.method === 'POST' && e.request.path.endsWith('/holds'),
  );
  const canHold =
    listing.listing_status === 'Active' && listing.on_hold !== true && waitingHold.length === 0;

  const holdForThem = async () => {
    const yes = await askToConfirm(`Hold this item for ${buyerName}?`, {
      detail: `Nobody else can ask for delivery or make an offer for ${HOLD_HOURS} hours. You can release the hold, or extend it once.`,
      confirmLabel: 'Hold',
    });
    if (!yes) return;
    const request = holdStep(listing.listing_id, buyerId, buyerName);
    step.mutate({ request, key: key.for(request.body) }, { onSuccess: () => key.done() });
  };

  const open = offers.filter((o) => isOpenOffer(o.status));
  const latestDone = offers.find((o) => !isOpenOffer(o.status));
  return (
    <>
      {hold.data &&
        (heldForThem ? (
          <HoldBar
            hold={hold.data}
            side="seller"
            userId={myId}
            buyerName={buyerName}
            waiting={waiting}
          />
        ) : (
          <p className="note">{LISTING_ON_HOLD_MESSAGE}</p>
        ))}
      {waitingHold.map((e) => (
        <p key={e.key} className="sale-waiting" data-testid="sale-waiting">
          Waiting to send: {e.request.label}
        </p>
      ))}
      {[...open, ...(latestDone ? [latestDone] : [])].map((offer) => (
        <OfferCard
          key={offer.offer_id}
          offer={offer}
          side="seller"
          userId={myId}
          waiting={waiting.filter((e) => e.request.offerId === offer.offer_id)}
        />
      ))}
      {canHold && (
        <Button variant="outline" disabled={step.isPending} onClick={() => void holdForThem()}>
          Hold for {buyerName}
        </Button>
      )}
      <FormAlert>{step.isError && `Could not send: ${step.error.message}`}</FormAlert>
    </>
  );
}
