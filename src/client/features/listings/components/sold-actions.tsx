import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { deleteListing, relistListing, useListingAction } from '../api/listing-actions-api';
import { DELETE_CONFIRM } from './listing-row';
import { Button } from '#client/components/ui/button.js';

/**
 * The seller's own sold listing: it says Sold and offers to put the item up again (a new
 * listing, opened at once) or to delete this one; Active Listings no longer shows it.
 */
export function SoldActions({ listing }: { listing: Listing }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const key = useSendKey();
  const relist = useMutation({
    mutationFn: () => relistListing(listing, key.for(listing.listing_id)),
    onSuccess: async (created) => {
      key.done();
      await client.invalidateQueries({ queryKey: ['listings'] });
      await navigate(`/productListing/${created.listing_id}`);
    },
  });
  const remove = useListingAction(deleteListing);
  const busy = relist.isPending || remove.isPending;
  const error = relist.error ?? remove.error;
  return (
    <div className="note product-note product-sold">
      <p>This is your listing, and it is sold.</p>
      <div className="btn-row">
        <Button disabled={busy} onClick={() => relist.mutate()}>
          Relist
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={async () => {
            const yes = await askToConfirm(DELETE_CONFIRM, {
              detail: `“${listing.title}” goes for good.`,
              confirmLabel: 'Delete',
              danger: true,
            });
            if (yes)
              remove.mutate(listing.listing_id, {
                onSuccess: () => void navigate('/userListings'),
              });
          }}
        >
          Delete
        </Button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
