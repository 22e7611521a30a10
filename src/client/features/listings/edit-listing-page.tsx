import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { inPage, QueryView } from '#client/components/ui/status.js';
import { listingQuery } from '#client/lib/queries/listings.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { EditListingForm } from './components/edit-listing-form';
import '#client/features/listings/listings.css';

/** /editListing/{listing_id}: the seller fixes their listing, its price and its photos. */
export function EditListingPage() {
  useDocumentTitle('Edit listing');
  return <RequireUser>{(user) => <EditListing user={user} />}</RequireUser>;
}

function EditListing({ user }: { user: SessionUser }) {
  const raw = useParams().listingId;
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const listing = useQuery({ ...listingQuery(id), enabled: id > 0 });
  return (
    <QueryView query={listing} frame={inPage}>
      {(data) => (
        <div className="page edit-listing">
          <div className="page-head">
            <h1>Edit listing</h1>
            <Link to={`/productListing/${data.listing_id}`} className="btn btn-outline">
              ← Back to the listing
            </Link>
          </div>
          {data.vendor_id !== user.user_id ? (
            <p className="note">You can only edit your own listings.</p>
          ) : data.listing_status !== 'Active' || data.hidden_reason !== undefined ? (
            <p className="note">This listing can no longer change.</p>
          ) : (
            // A fresh form for each version of the listing.
            <EditListingForm key={JSON.stringify(data)} listing={data} />
          )}
        </div>
      )}
    </QueryView>
  );
}
