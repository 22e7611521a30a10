import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { ListingGrid } from '#client/components/ui/listing-card.js';
import { QueryView } from '#client/components/ui/status.js';
import { useActiveListings, useSoldCount } from '#client/lib/queries/listings.js';
import { vendorRequestsQuery } from '#client/lib/queries/deliveries.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { Section } from '#client/components/ui/section.js';
import { VendorDeliveries } from '#client/features/deliveries/vendor/vendor-deliveries.js';
import '#client/components/ui/stat-row.css';

export function VendorPage() {
  useDocumentTitle('Vendor dashboard');
  return <RequireUser>{(user) => <VendorDashboard user={user} />}</RequireUser>;
}

function VendorDashboard({ user }: { user: SessionUser }) {
  const listings = useActiveListings(user.user_id);
  const sold = useSoldCount(user.user_id);
  const pending = useQuery(vendorRequestsQuery(user.user_id));
  const show = (q: { isSuccess: boolean; isError: boolean; data?: number }) =>
    q.isSuccess ? q.data : q.isError ? '—' : '…';

  return (
    <div className="page">
      <div className="page-head">
        <h1>Vendor dashboard</h1>
        <Link to="/RealUserProfile" className="btn btn-outline">
          ← Back to Profile
        </Link>
      </div>
      <dl className="stat-row">
        <div className="stat">
          <dt>Active listings</dt>
          <dd>{show({ ...listings, data: listings.data?.length })}</dd>
        </div>
        <div className="stat">
          <dt>Sold Items</dt>
          <dd>{show(sold)}</dd>
        </div>
        <div className="stat">
          <dt>
            <Link to="/vendorDeliveryRequest">Pending delivery requests</Link>
          </dt>
          <dd>{show({ ...pending, data: pending.data?.length })}</dd>
        </div>
      </dl>
      <div className="btn-row section">
        <Link to="/userListings" className="btn">
          Manage listings
        </Link>
        <Link to="/vendorDeliveryRequest" className="btn btn-outline">
          Delivery Requests
        </Link>
      </div>
      <Section titleId="vendor-listings" title="Your listings">
        <QueryView
          query={listings}
          empty={
            <>
              No active listings. Use Create Listing on your{' '}
              <Link to="/RealUserProfile">profile</Link>.
            </>
          }
        >
          {(data) => <ListingGrid listings={data} />}
        </QueryView>
      </Section>
      <Section titleId="vendor-deliveries" title="Deliveries of your items">
        <VendorDeliveries vendorId={user.user_id} />
      </Section>
    </div>
  );
}
