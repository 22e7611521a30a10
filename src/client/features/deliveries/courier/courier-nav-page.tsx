import { usePrefetchQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { ApiError } from '#client/lib/api.js';
import { configQuery } from '#client/lib/queries/config.js';
import { askToConfirm, showAlert } from '#client/lib/dialogs.js';
import { deliveryFromState, useDelivery, useListing } from './api/courier-nav-api';
import { DeliveryMap } from './components/delivery-map';
import { MessageBuyer } from '#client/features/deliveries/courier/components/message-buyer.js';
import { DeliveryEnded } from './components/delivery-ended';
import { DropOffProof } from './components/drop-off-proof';
import { InfoPanel } from './components/info-panel';
import { WalkingLine } from './components/walking-line';
import { useDropOffProof } from './hooks/use-drop-off-proof';
import { LoadingMascot } from './components/loading-mascot';
import { NavActions } from './components/nav-actions';
import { useSharePosition } from './api/share-position';
import { statusUpdate, useUpdateDeliveryStatus } from './api/update-status';
import { useLivePosition } from './hooks/use-live-position';
import '#client/components/ui/delivery-ui.css';
import './courier-nav.css';
import { OfflineNote } from '#client/components/ui/status.js';

/** The answers to the spec's question before UNABLE TO DELIVER. */
const GIVE_UP_ANSWERS = {
  detail: 'The delivery goes back to Available for another courier.',
  confirmLabel: "Yes, I can't deliver it",
  cancelLabel: 'Keep delivering',
  danger: true,
};

/** /courierNav/{delivery_id}: the courier's map and delivery screen. */
export function CourierNavPage() {
  return <RequireUser>{(user) => <CourierNav user={user} />}</RequireUser>;
}

function CourierNav({ user }: { user: SessionUser }) {
  const { deliveryId } = useParams();
  const id = Number(deliveryId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/courierPage" replace />;
  return <DeliveryScreen key={id} deliveryId={id} user={user} />;
}

function DeliveryScreen({ deliveryId, user }: { deliveryId: number; user: SessionUser }) {
  const location = useLocation();
  const navigate = useNavigate();
  const delivery = useDelivery(deliveryId, deliveryFromState(location.state, deliveryId));
  const listing = useListing(delivery.data?.listing_id);
  // The map's tile source, asked for beside the delivery instead of once the map has mounted.
  usePrefetchQuery(configQuery());
  const live = useLivePosition();
  const isMine = delivery.data?.courier_id === user.user_id;
  useSharePosition(deliveryId, isMine ? delivery.data?.delivery_status : undefined, live.position);
  // Spec: an unassign success alerts, a failure alerts; a progress failure is only logged.
  // Called also when the screen has already gone back to the dashboard.
  const update = useUpdateDeliveryStatus({
    onConfirmed: ({ status }) => {
      if (status === 'Unassigned') void showAlert('Delivery marked as unassigned.');
    },
    onRefused: ({ status }) => {
      if (status === 'Unassigned') void showAlert('Could not update delivery.');
    },
  });
  const proof = useDropOffProof(user.user_id, deliveryId, delivery.data?.delivery_status);
  const [mapReady, setMapReady] = useState(false);
  // Arriving from a scrolled dashboard, the screen starts at the map, not halfway down.
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, and an effect may only
    // return a cleanup function.
    window.scrollTo(0, 0);
  }, []);

  // A missing listing does not hold the screen up (the delivery carries its title and picture).
  const listingSettled =
    listing.data !== undefined || listing.isError || listing.fetchStatus === 'paused';
  // The spec held the mascot 3 s after this; it now goes at once, so the screen opens within
  // a second (decision 007).
  const ready = mapReady && delivery.data !== undefined && listingSettled;

  const failed =
    delivery.isError &&
    (delivery.data === undefined ||
      (delivery.error instanceof ApiError && delivery.error.status < 500));
  if (failed) return <Navigate to="/courierPage" replace />;
  const current = delivery.data;
  // Only the assigned courier may work on a delivery.
  if (current && current.courier_id !== user.user_id) return <Navigate to="/courierPage" replace />;

  /**
   * Spec: after the confirmation the delivery goes back to the pool and the courier to the
   * dashboard, at once: the give-up is sent, or waits in the outbox like the other moves.
   */
  async function onGiveUp() {
    if (!(await askToConfirm("Are you sure you can't deliver this item?", GIVE_UP_ANSWERS))) return;
    update.mutate(statusUpdate(deliveryId, 'Unassigned'));
    navigate('/courierPage');
  }

  return (
    <main id="main" className="nav-screen" aria-busy={!ready}>
      {current && (
        <>
          <div className="nav-map-panel" role="region" aria-label="Delivery map">
            <DeliveryMap
              pickup={current.pickup}
              dropoff={current.dropoff}
              status={current.delivery_status}
              position={live.position}
              onReady={() => setMapReady(true)}
            />
          </div>
          <InfoPanel
            delivery={current}
            locationNote={
              live.unavailable
                ? 'Location is off, so your own position is not shown on the map.'
                : null
            }
          >
            <DeliveryEnded delivery={current} />
            <WalkingLine delivery={current} position={live.position} />
            <DropOffProof
              proof={proof}
              delivery={current}
              send={(status, details) =>
                update.mutate(statusUpdate(deliveryId, status, details), {
                  onSuccess: proof.sent,
                  onError: (error) => proof.refused(status, error),
                })
              }
            >
              <NavActions
                status={current.delivery_status}
                onPickedUp={() => update.mutate(statusUpdate(deliveryId, 'Picked Up'))}
                onFinish={() =>
                  current.handover_required === 1
                    ? proof.open('code')
                    : update.mutate(statusUpdate(deliveryId, 'Delivered', proof.photoDetails()), {
                        onSuccess: proof.sent,
                      })
                }
                onGiveUp={() => void onGiveUp()}
                onReturn={() => proof.open('return')}
              />
            </DropOffProof>
            <MessageBuyer delivery={current} courierId={user.user_id} />
          </InfoPanel>
        </>
      )}
      {!ready &&
        // Offline with this delivery never loaded on the phone: say so, not "Loading" for ever.
        (delivery.data === undefined && delivery.fetchStatus === 'paused' ? (
          <div className="page">
            <OfflineNote onRetry={() => void delivery.refetch()} />
          </div>
        ) : (
          <LoadingMascot />
        ))}
    </main>
  );
}
