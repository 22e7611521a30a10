import { Link } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { QueryView } from '#client/components/ui/status.js';
import { useActiveListings } from '#client/lib/queries/listings.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { ListingRow, type MarkSoldQuestion } from './components/listing-row';
import '#client/features/listings/listings.css';

/** `markSoldQuestion`: what Mark as Sold asks, when the app shell adds who bought the item. */
export function UserListingsPage({
  markSoldQuestion,
}: { markSoldQuestion?: MarkSoldQuestion } = {}) {
  useDocumentTitle('Active Listings');
  return (
    <RequireUser>
      {(user) => <UserListings user={user} markSoldQuestion={markSoldQuestion} />}
    </RequireUser>
  );
}

function UserListings({
  user,
  markSoldQuestion,
}: {
  user: SessionUser;
  markSoldQuestion?: MarkSoldQuestion;
}) {
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
              <ListingRow
                key={listing.listing_id}
                listing={listing}
                markSoldQuestion={markSoldQuestion}
              />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
