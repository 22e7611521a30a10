import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
import type { CreateListingResponse, Listing, RelistBody } from '#shared/schemas/listings.js';
import { api } from '#client/lib/api.js';
import { postCreate } from '#client/lib/idempotency-key.js';

/**
 * Spec: Mark as Sold sets availability Out of Stock and listing_status Sold. Naming the buyer
 * (`buyerId`) puts the sale on their record too (docs/api.md, "Sales").
 */
export function markSold(listingId: number, buyerId: number | null = null): Promise<Listing[]> {
  return api<Listing[]>(listingPaths.listing(listingId), {
    method: 'PUT',
    body: {
      availability: 'Out of Stock',
      listing_status: 'Sold',
      ...(buyerId !== null && { buyer_id: buyerId }),
    },
  });
}

export function deleteListing(listingId: number): Promise<{ message: string }> {
  return api<{ message: string }>(listingPaths.listing(listingId), { method: 'DELETE' });
}

/** Both change what every listing screen shows, so all listing queries refresh. */
export function useListingAction<Input = number>(action: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => client.invalidateQueries({ queryKey: ['listings'] }),
  });
}

/** A sold item put up again: a new listing of the same product, price and condition. */
export function relistListing(listing: Listing, key: string): Promise<CreateListingResponse> {
  const body: RelistBody = {
    product_id: listing.product_id,
    vendor_id: listing.vendor_id,
    price: listing.price,
    conditions: listing.conditions,
    ...(listing.discount > 0 && { discount: listing.discount }),
  };
  return postCreate<CreateListingResponse>(listingPaths.relist, body, key);
}
