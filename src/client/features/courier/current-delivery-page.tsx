import { Link } from 'react-router';
import { currentDelivery } from '#shared/delivery.js';
import type { SessionUser } from '#shared/schemas/users.js';
import { BackToProfile } from '#client/components/ui/back-to-profile.js';
import { RequireUser } from '#client/components/require-user.js';
import { useCourierDeliveries } from './api/courier-api';
import { DeliveryCard } from './components/delivery-card';
import { NotCourier } from './components/not-courier';
import '#client/components/ui/delivery-ui.css';
import './courier.css';

/** /CourierNav without a delivery: the courier's current delivery, ready to open. */
export function CurrentDeliveryPage() {
  return (
    <RequireUser>
      {(user) =>
        user.is_courier === 1 ? (
          <CurrentDelivery user={user} />
        ) : (
          <NotCourier title="Current Delivery" />
        )
      }
    </RequireUser>
  );
}

function CurrentDelivery({ user }: { user: SessionUser }) {
  const mine = useCourierDeliveries(user.user_id);
  const current = mine.data ? currentDelivery(mine.data) : undefined;
  return (
    <section className="dl-page cr-current" aria-labelledby="current-title">
      <div className="dl-head">
        <BackToProfile />
        <h1 id="current-title">Current Delivery</h1>
      </div>
      {!mine.data ? (
        mine.isError ? (
          <p className="dl-notice" role="alert">
            Error: Failed to fetch your deliveries
          </p>
        ) : (
          <p role="status">Loading…</p>
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
    </section>
  );
}
