import { Link } from 'react-router';
import { BackToProfile } from '#client/components/ui/back-to-profile.js';

/** Shown instead of courier screens to someone who is not a courier yet. */
export function NotCourier({ title }: { title: string }) {
  return (
    <section className="dl-page" aria-labelledby="not-courier-title">
      <div className="dl-head">
        <BackToProfile />
        <h1 id="not-courier-title">{title}</h1>
      </div>
      <div className="dl-empty">
        <p>
          Only couriers can deliver orders. Any student can become one: use the Become a Courier
          button on your profile, then come back here to start a shift.
        </p>
        <Link to="/RealUserProfile" className="btn btn-large">
          Become a Courier on your profile
        </Link>
      </div>
    </section>
  );
}
