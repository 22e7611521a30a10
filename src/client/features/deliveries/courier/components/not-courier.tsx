import { Link } from 'react-router';
import { DeliveryPage } from '#client/features/deliveries/components/delivery-page.js';

/** Shown instead of courier screens to someone who is not a courier yet. */
export function NotCourier({ title }: { title: string }) {
  return (
    <DeliveryPage titleId="not-courier-title" title={title}>
      <div className="dl-empty">
        <p>
          Only couriers can deliver orders. Any student can become one: use the Become a Courier
          button on your profile, then come back here to start a shift.
        </p>
        <Link to="/RealUserProfile" className="btn btn-large">
          Become a Courier on your profile
        </Link>
      </div>
    </DeliveryPage>
  );
}
