/**
 * What was agreed stays agreed: while a buyer waits for an item (a Pending request, or a
 * delivery not yet Delivered, Returned or Cancelled), its seller cannot change what the buyer
 * asked for. Orders keep their own copy of the title, price and picture; this keeps the
 * listing the buyer opens from their order saying the same. Used by the listings feature,
 * which does not import the deliveries one.
 */
import type { Db } from '#server/db/schema.js';
import { conflict } from '#server/lib/http-error.js';
import { listingsWithOpenOrders } from './repository.js';

export const OPEN_ORDER_MESSAGE =
  'A buyer has asked for this item: its title, description, price, condition and photos ' +
  'stay as they were agreed until the order is delivered, declined or cancelled. You can ' +
  'still mark it sold.';
export const SIBLING_OPEN_ORDER_MESSAGE =
  'A buyer has asked for another listing of this product: its title, description and photos ' +
  'stay as they were agreed until that order is delivered, declined or cancelled.';

/** What an edit changes of what a buyer agreed to. */
export interface AgreedChanges {
  /** Title, description or photos: the product's, shown by every listing of it. */
  product: boolean;
  /** Price or condition: this listing's own. */
  listing: boolean;
}

/**
 * Throws 409 `open_order` when the edit would change what a waiting buyer agreed to: the
 * listing's own terms while it has an open order, the product's while any listing of it has.
 */
export async function refuseChangeOfAgreed(
  db: Db,
  listing: { listing_id: number; product_id: number },
  changes: AgreedChanges,
): Promise<void> {
  if (!changes.product && !changes.listing) return;
  const open = await listingsWithOpenOrders(db, listing.product_id);
  if (open.includes(listing.listing_id)) throw conflict(OPEN_ORDER_MESSAGE, 'open_order');
  if (changes.product && open.length > 0) {
    throw conflict(SIBLING_OPEN_ORDER_MESSAGE, 'open_order');
  }
}
