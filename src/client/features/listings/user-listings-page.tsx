import { Link } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { QueryView } from '#client/components/ui/status.js';
import { useActiveListings } from '#client/lib/queries/listings.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { ListingRow } from './components/listing-row';
import '#client/features/listings/listings.css';

export function UserListingsPage() {
  useDocumentTitle('Active Listings');
  return <RequireUser>{(user) => <UserListings user={user} />}</RequireUser>;
}

function UserListings({ user }: { user: SessionUser }) {
  const listings = useActiveListings(user.user_id);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Active Listings</h1>
        <Link to="/RealUserProfile" className="btn btn-outline">
          ← Back to Profile
        </Link>
      </div>
      <QueryView
        query={listings}
        empty={
          <>
            You have no active listings. Use Create Listing on your{' '}
            <Link to="/RealUserProfile">profile</Link> to sell something.
          </>
        }
      >
        {(data) => (
          <ul className="listing-rows" role="list">
            {data.map((listing) => (
              <ListingRow key={listing.listing_id} listing={listing} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
