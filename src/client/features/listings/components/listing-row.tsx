import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import { OnHoldBadge } from '#client/components/ui/listing-card.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { formatPrice, shortUsDate } from '#client/lib/format.js';
import { deleteListing, markSold, useListingAction } from '../api/listing-actions-api';
import { Button } from '#client/components/ui/button.js';

export const DELETE_CONFIRM = 'Delete this listing? This cannot be undone.';
export const SOLD_CONFIRM = 'Mark this listing as sold?';

/**
 * The question Mark as Sold asks when the app shell gives one (app/pages/user-listings-page.tsx):
 * it also asks who bought the item. Without it, the plain confirmation.
 */
export type MarkSoldQuestion = ComponentType<{
  listing: Listing;
  message: string;
  detail: string;
  confirmLabel: string;
  onAnswer: (answer: { buyerId: number | null } | null) => void;
}>;

/** One of the user's active listings with Edit, Mark as Sold and Delete (the last two asked first). */
export function ListingRow({
  listing,
  markSoldQuestion: Question,
}: {
  listing: Listing;
  markSoldQuestion?: MarkSoldQuestion;
}) {
  const sold = useListingAction((buyerId: number | null) => markSold(listing.listing_id, buyerId));
  const remove = useListingAction(deleteListing);
  const [asking, setAsking] = useState(false);
  const busy = sold.isPending || remove.isPending;
  const error = sold.error ?? remove.error;
  const soldDetail = `“${listing.title}” leaves your active listings. Its page keeps Relist, if it comes back.`;

  return (
    <li className="listing-row">
      <ListingImage src={listing.thumbnail} alt="" width={96} height={96} />
      <div className="listing-row-body">
        <h2 className="listing-row-title">
          <Link to={`/productListing/${listing.listing_id}`}>{listing.title}</Link>
        </h2>
        <p className="listing-row-meta">
          {formatPrice(listing.price)} · {listing.conditions} · listed{' '}
          {shortUsDate(listing.listing_date)} <OnHoldBadge listing={listing} />
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
            if (Question) return setAsking(true);
            const yes = await askToConfirm(SOLD_CONFIRM, {
              detail: soldDetail,
              confirmLabel: 'Mark as Sold',
            });
            if (yes) sold.mutate(null);
          }}
        >
          Mark as Sold
        </Button>
        {Question && asking && (
          <Suspense fallback={null}>
            <Question
              listing={listing}
              message={SOLD_CONFIRM}
              detail={soldDetail}
              confirmLabel="Mark as Sold"
              onAnswer={(answer) => {
                setAsking(false);
                if (answer) sold.mutate(answer.buyerId);
              }}
            />
          </Suspense>
        )}
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
