import { Link } from 'react-router';
import { currentDelivery } from '#shared/delivery.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { DeliveryPage } from '#client/features/deliveries/components/delivery-page.js';
import { useCourierDeliveries } from './api/courier-api';
import { DeliveryCard } from './components/delivery-card';
import { CourierOnly } from './components/courier-only';
import '#client/components/ui/delivery-ui.css';
import './courier.css';
import { LoadingNote } from '#client/components/ui/status.js';

/** /CourierNav without a delivery: the courier's current delivery, ready to open. */
const TITLE = 'Current Delivery';

export function CurrentDeliveryPage() {
  return <CourierOnly title={TITLE}>{(user) => <CurrentDelivery user={user} />}</CourierOnly>;
}

function CurrentDelivery({ user }: { user: SessionUser }) {
  const mine = useCourierDeliveries(user.user_id);
  const current = mine.data ? currentDelivery(mine.data) : undefined;
  return (
    <DeliveryPage titleId="current-title" title={TITLE} className="cr-current">
      {!mine.data ? (
        mine.isError ? (
          <p className="dl-notice" role="alert">
            Error: Failed to fetch your deliveries
          </p>
        ) : (
          <LoadingNote />
        )
      ) : current ? (
        <DeliveryCard delivery={current} headingLevel={2}>
          <Link
            to={`/courierNav/${current.delivery_id}`}
            state={{ delivery: current }}
            className="btn btn-large btn-block"
          >
            Open Delivery
          </Link>
        </DeliveryCard>
      ) : (
        <div className="dl-empty">
          <p>You have no delivery in progress.</p>
          <Link to="/CourierPage" className="btn btn-large">
            Go to Courier Dashboard
          </Link>
        </div>
      )}
    </DeliveryPage>
  );
}
