/**
 * One item, one sale: while a delivery of a listing is under way (any status but the finished
 * ones of src/shared/delivery.ts), no other request for it may be accepted and it cannot be
 * made Active again. Used by the listings and the deliveries features, which do not import
 * each other.
 */
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { conflict } from '#server/lib/http-error.js';
import { deliveryUnderWay, lockListingRow } from './repository.js';

export const LISTING_TAKEN_MESSAGE =
  'This item is already on its way to another buyer: one item, one sale.';
export const ACTIVE_WHILE_UNDER_WAY_MESSAGE =
  'This listing has a delivery under way and cannot be Active again until it is finished.';

export const listingTaken = (message = LISTING_TAKEN_MESSAGE) => conflict(message, 'listing_taken');

/** Is a delivery of the listing under way (waiting for a courier, or on the road)? */
export function hasDeliveryUnderWay(db: Db, listingId: number): Promise<boolean> {
  return deliveryUnderWay(db, listingId);
}

/**
 * Holds the listing's row until the transaction ends, so two sales of it (two accepts, an
 * accept and making it Active) take turns and the second sees the first. PostgreSQL locks the
 * row; SQLite runs one write transaction at a time anyway.
 */
export function lockListing(trx: Db, dialect: DialectName, listingId: number) {
  return lockListingRow(trx, dialect, listingId);
}
