import { Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { courierChatOpen, groupByColumn, isOwnOrder } from '#shared/delivery.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { DeliveryOutcome } from '#client/features/deliveries/components/delivery-outcome.js';
import { MessageBuyer } from '#client/features/deliveries/courier/components/message-buyer.js';
import { PushOffer } from '#client/components/notifications/push-offer.js';
import { DeliveryPage } from '#client/features/deliveries/components/delivery-page.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { useInstallWay } from '#client/lib/install-offer.js';
import { optionalPart } from '#client/lib/optional-part.js';
import { keepOfflineData } from '#client/lib/persistent-storage.js';
import { prefetchRouteWhenIdle } from '#client/lib/route-prefetch.js';
import {
  claimErrorMessage,
  useClaimDelivery,
  useCourierDeliveries,
  useShift,
  useUnassigned,
} from './api/courier-api';
import { CampusMapStatus } from './components/campus-map-status';
import { CourierRating } from './components/courier-rating';
import { DeliveryColumn } from './components/delivery-column';
import { CourierOnly } from './components/courier-only';
import { ShiftToggle } from './components/shift-toggle';
import '#client/components/ui/delivery-ui.css';
import './courier.css';
import { Button } from '#client/components/ui/button.js';

const TITLE = 'Courier Dashboard';
/** Any delivery's screen: they share one page's code. */
const DELIVERY_SCREEN = '/courierNav/0';

// Shown only while the app can be installed here, so loaded only then.
const InstallCard = optionalPart(() =>
  import('./components/install-card').then((m) => m.InstallCard),
);

export const END_SHIFT_CONFIRM = 'End your shift with deliveries in progress?';

/** Ending a shift only stops new work: the deliveries under way stay the courier's. */
function endShiftWarning(count: number) {
  const them = count === 1 ? 'it' : 'them';
  return {
    detail: `You still have ${count} ${count === 1 ? 'delivery' : 'deliveries'} in progress. They stay yours: finish ${them}, or open ${them} and use UNABLE TO DELIVER.`,
    confirmLabel: 'END SHIFT',
    cancelLabel: 'Stay on shift',
  };
}

/** Once per visit of the app: the first time a courier opens the dashboard. */
let askedToKeepData = false;

export function CourierPage() {
  return <CourierOnly title={TITLE}>{(user) => <CourierDashboard user={user} />}</CourierOnly>;
}

function CourierDashboard({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const onShift = user.on_shift === 1;
  // When the dashboard opened: recent deliveries still offer a message to their buyer.
  const [openedAt] = useState(() => Date.now());
  const shift = useShift(user.user_id);
  const available = useUnassigned(onShift);
  const mine = useCourierDeliveries(user.user_id);
  const claim = useClaimDelivery(user.user_id);
  const [notice, setNotice] = useState<string | null>(null);
  const installable = useInstallWay() !== null;
  useEffect(() => {
    // The outbox's updates must survive storage pressure (lib/persistent-storage.ts).
    if (askedToKeepData) return;
    askedToKeepData = true;
    void keepOfflineData();
  }, []);
  // The delivery screen (with its map) opens from here: its code is ready before the tap.
  useEffect(() => prefetchRouteWhenIdle(DELIVERY_SCREEN), []);
  const columns = mine.data ? groupByColumn(mine.data) : undefined;
  // Both of the courier's own columns come from one list.
  const mineState = {
    loading: mine.isPending,
    error: mine.isError ? 'Failed to fetch your deliveries' : null,
  };
  // The list is on its way (not waiting for a network that is gone): what would move when it
  // lands waits for it.
  const listArriving = mine.isPending && mine.fetchStatus === 'fetching';

  function accept(delivery: DeliveryInstruction) {
    setNotice(null);
    claim.mutate(delivery.delivery_id, {
      onSuccess: (claimed) =>
        navigate(`/courierNav/${claimed.delivery_id}`, { state: { delivery: claimed } }),
      onError: (error) => setNotice(claimErrorMessage(error)),
    });
  }

  async function toggleShift() {
    setNotice(null);
    // Tapped while the courier's own list is still on its way (just after opening the app): the
    // warning below depends on it, so the tap waits for it rather than ends the shift unasked.
    const own =
      onShift && listArriving ? (await mine.refetch({ cancelRefetch: false })).data : mine.data;
    const underway = own ? groupByColumn(own).inProgress.length : 0;
    if (
      onShift &&
      underway > 0 &&
      !(await askToConfirm(END_SHIFT_CONFIRM, endShiftWarning(underway)))
    )
      return;
    shift.mutate(!onShift, {
      onError: (error) => setNotice(`Could not change your shift: ${error.message}`),
    });
  }

  return (
    <DeliveryPage titleId="courier-title" title={TITLE}>
      <ShiftToggle onShift={onShift} busy={shift.isPending} onToggle={() => void toggleShift()} />
      <CourierRating userId={user.user_id} />
      <p className="cr-record">
        <Link to="/courierRecord">My deliveries</Link>: your week, your walking and what buyers
        said.
      </p>
      {notice && (
        <p className="dl-notice" role="alert">
          {notice}
        </p>
      )}
      <div className="cr-columns">
        {onShift ? (
          <DeliveryColumn
            title="Available"
            deliveries={available.data}
            loading={available.isPending}
            error={available.isError ? 'Failed to fetch delivery instructions' : null}
            empty="No deliveries are waiting right now. New ones show up here."
            action={(delivery) =>
              // The server refuses it too (403 own_order): couriers carry other people's orders.
              isOwnOrder(delivery, user.user_id) ? (
                <p className="dl-empty">Your own order: another courier will carry it.</p>
              ) : (
                <Button
                  size="large"
                  block
                  disabled={claim.isPending}
                  onClick={() => accept(delivery)}
                >
                  {claim.isPending && claim.variables === delivery.delivery_id
                    ? 'Accepting…'
                    : 'Accept'}
                </Button>
              )
            }
          />
        ) : (
          <section className="cr-column" aria-labelledby="cr-available-off">
            <h2 id="cr-available-off">Available</h2>
            <p className="dl-empty">
              You are off shift. Tap Available for Work to see deliveries waiting for a courier.
            </p>
          </section>
        )}
        <DeliveryColumn
          title="In Progress"
          deliveries={columns?.inProgress}
          {...mineState}
          empty="Nothing in progress."
          action={(delivery) => (
            <>
              <Link
                to={`/courierNav/${delivery.delivery_id}`}
                state={{ delivery }}
                className="btn btn-large btn-block"
              >
                Continue Delivery
              </Link>
              <MessageBuyer delivery={delivery} courierId={user.user_id} />
            </>
          )}
        />
        {/* Shown once the list is in: In Progress above it grows then, and would push it down. */}
        {!listArriving && (
          <DeliveryColumn
            title="Delivered"
            deliveries={columns?.delivered}
            {...mineState}
            empty="No deliveries yet."
            action={(delivery) =>
              courierChatOpen(delivery, openedAt) ? (
                <MessageBuyer delivery={delivery} courierId={user.user_id} />
              ) : null
            }
          />
        )}
        {columns && columns.ended.length > 0 && (
          <DeliveryColumn
            title="Cancelled or Returned"
            deliveries={columns.ended}
            {...mineState}
            empty=""
            action={(delivery) => <DeliveryOutcome delivery={delivery} />}
          />
        )}
      </div>
      {/*
       * What this phone can do (notifications, the map without signal, installing) is known only
       * after a check each: below the deliveries, once they are in, showing up moves nothing a
       * courier is reading.
       */}
      {!listArriving && (
        <>
          {onShift && (
            <PushOffer
              userId={user.user_id}
              reason="Get a notification when a new delivery is available while you are on shift, even with the app closed."
            />
          )}
          <CampusMapStatus onShift={onShift} />
          {installable && (
            <Suspense fallback={null}>
              <InstallCard />
            </Suspense>
          )}
        </>
      )}
    </DeliveryPage>
  );
}
