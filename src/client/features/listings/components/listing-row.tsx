import { Link } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { formatPrice, shortUsDate } from '#client/lib/format.js';
import { deleteListing, markSold, useListingAction } from '../api/listing-actions-api';
import { Button } from '#client/components/ui/button.js';

export const DELETE_CONFIRM = 'Delete this listing? This cannot be undone.';
export const SOLD_CONFIRM = 'Mark this listing as sold?';

/** One of the user's active listings with Edit, Mark as Sold and Delete (the last two asked first). */
export function ListingRow({ listing }: { listing: Listing }) {
  const sold = useListingAction(markSold);
  const remove = useListingAction(deleteListing);
  const busy = sold.isPending || remove.isPending;
  const error = sold.error ?? remove.error;

  return (
    <li className="listing-row">
      <ListingImage src={listing.thumbnail} alt="" width={96} height={96} />
      <div className="listing-row-body">
        <h2 className="listing-row-title">
          <Link to={`/productListing/${listing.listing_id}`}>{listing.title}</Link>
        </h2>
        <p className="listing-row-meta">
          {formatPrice(listing.price)} · {listing.conditions} · listed{' '}
          {shortUsDate(listing.listing_date)}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
      </div>
      <div className="listing-row-actions">
        <Link
          className="btn btn-outline"
          to={`/editListing/${listing.listing_id}`}
          aria-label={`Edit: ${listing.title}`}
        >
          Edit
        </Link>
        <Button
          disabled={busy}
          aria-label={`Mark as Sold: ${listing.title}`}
          onClick={async () => {
            const yes = await askToConfirm(SOLD_CONFIRM, {
              detail: `“${listing.title}” leaves your active listings. Its page keeps Relist, if it comes back.`,
              confirmLabel: 'Mark as Sold',
            });
            if (yes) sold.mutate(listing.listing_id);
          }}
        >
          Mark as Sold
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          aria-label={`Delete: ${listing.title}`}
          onClick={async () => {
            const yes = await askToConfirm(DELETE_CONFIRM, {
              detail: `“${listing.title}” goes for good.`,
              confirmLabel: 'Delete',
              danger: true,
            });
            if (yes) remove.mutate(listing.listing_id);
          }}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
