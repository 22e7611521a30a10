import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LISTING_ON_HOLD_MESSAGE } from '#shared/sales.js';
import type { Listing } from '#shared/schemas/listings.js';
import { ReadyButton } from '#client/components/ui/form-controls.js';
import { QueryView } from '#client/components/ui/status.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { useDeliveryRequested } from '../api/product-api';
import type { Viewer } from '../hooks/use-viewer';
import { Button } from '#client/components/ui/button.js';

// The request form (with the campus spots) loads when a buyer opens it, not with the page.
const DeliveryRequestForm = lazy(() =>
  import('./delivery-request-form').then((m) => ({ default: m.DeliveryRequestForm })),
);

/** The offer of notifications, shown once a buyer has asked: a visitor never loads it. */
const PushOffer = lazyComponent(() =>
  import('#client/components/notifications/push-offer.js').then((m) => m.PushOffer),
);

/**
 * "Get Item Delivered", or "Request Already Sent" (disabled) once requested; for an item on hold
 * for another buyer, that it is.
 */
export function DeliveryBox({ listing, viewer }: { listing: Listing; viewer: Viewer }) {
  if (viewer.kind === 'owner') return null;
  return (
    <section className="action-box" aria-labelledby="delivery-box-title">
      <h2 id="delivery-box-title">Campus delivery</h2>
      <p className="action-box-text">A student courier brings it to a dropoff spot on campus.</p>
      {listing.listing_status !== 'Active' ? (
        <p className="note">This item is no longer available.</p>
      ) : listing.on_hold === true &&
        (viewer.kind === 'visitor' || listing.held_for !== viewer.user.user_id) ? (
        // Held for someone else: only that buyer may ask for delivery (at the agreed price).
        <p className="note">{LISTING_ON_HOLD_MESSAGE}</p>
      ) : viewer.kind === 'visitor' ? (
        <ReadyButton variant="gold" block onClick={() => viewer.toLogin('delivery')}>
          Get Item Delivered
        </ReadyButton>
      ) : (
        <BuyerDelivery listing={listing} userId={viewer.user.user_id} />
      )}
    </section>
  );
}

function BuyerDelivery({ listing, userId }: { listing: Listing; userId: number }) {
  const requested = useDeliveryRequested(userId, listing.listing_id);
  const [open, setOpen] = useState(false);
  // Set when this visit sent the request: the buyer then reads that it went out.
  const [sent, setSent] = useState(false);
  // The form closes on the POST's own answer, which also says "Request Already Sent".
  const form = open && (
    <Suspense fallback={null}>
      <DeliveryRequestForm
        listing={listing}
        buyerId={userId}
        onClose={(done) => {
          setOpen(false);
          if (done) setSent(true);
        }}
      />
    </Suspense>
  );
  return (
    <QueryView query={requested}>
      {(already) =>
        already ? (
          <>
            <Button block disabled>
              Request Already Sent
            </Button>
            <p className="note" role="status">
              {sent && 'Delivery requested: the seller will accept or decline it. '}
              <Link to="/OrderStatus">Follow it on Order Status</Link>
            </p>
            <Suspense fallback={null}>
              <PushOffer
                userId={userId}
                reason="Get a notification when the seller answers and when a courier picks up and drops off your item, even with the app closed."
              />
            </Suspense>
          </>
        ) : (
          <>
            <Button variant="gold" block onClick={() => setOpen(true)}>
              Get Item Delivered
            </Button>
            {form}
          </>
        )
      }
    </QueryView>
  );
}
