/**
 * Which of what a buyer agrees to an edit would change: the title, description and photos
 * (the product's) or the price and condition (the listing's). Category and discount are not
 * part of the deal: the price is what the buyer pays. Sending a field with its current value
 * changes nothing (an edit replayed after a lost answer).
 */
import type { z } from 'zod';
import type { editListingBody } from '#shared/schemas/listings.js';
import type { Db } from '#server/db/schema.js';
import type { AgreedChanges } from '#server/safety/open-orders.js';
import { photosOf } from './photos-repository.js';
import { findListing } from './repository.js';

type Edit = z.output<typeof editListingBody>;

const cents = (price: number) => Math.round(price * 100);

export async function agreedChanges(db: Db, listingId: number, edit: Edit): Promise<AgreedChanges> {
  const now = await findListing(db, listingId);
  if (!now) return { product: false, listing: false };
  const differs = <T>(value: T | undefined, current: T) => value !== undefined && value !== current;
  const photos = edit.photos && (await photosOf(db, now.product_id, now.thumbnail));
  const photosDiffer =
    photos !== undefined &&
    (edit.photos!.length !== photos.length ||
      edit.photos!.some((photo, i) => !('url' in photo) || photo.url !== photos[i]));
  return {
    product:
      differs(edit.title, now.title) || differs(edit.description, now.description) || photosDiffer,
    listing:
      differs(edit.price === undefined ? undefined : cents(edit.price), cents(now.price)) ||
      differs(edit.conditions, now.conditions),
  };
}
