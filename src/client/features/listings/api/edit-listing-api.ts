/** PATCH /api/listing/{id}: what the seller changed, and the photos in their new order. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
import type { EditListingBody, EditPhoto, ListingDetail } from '#shared/schemas/listings.js';
import type { PhotoItem } from '#client/features/listings/form/photo-list.js';
import {
  parseDiscount,
  parsePrice,
  type EditListingForm,
} from '#client/features/listings/form/listing-rules.js';
import { ApiError } from '#client/lib/api.js';
import { photosOf } from '#client/lib/queries/listings.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { photoUploads, postJsonWithProgress } from '#client/lib/upload.js';

/** The form as the listing fills it. */
export function formOf(listing: ListingDetail): EditListingForm {
  return {
    title: listing.title,
    description: listing.description,
    price: String(listing.price),
    category: listing.category,
    condition: listing.conditions,
    discount: listing.discount > 0 ? String(listing.discount) : '',
  };
}

/** The listing's photos as the photo list holds them. */
export function photoItemsOf(listing: ListingDetail): PhotoItem[] {
  return photosOf(listing).map((url) => ({ key: url, src: url, url }));
}

/**
 * Only what changed, so an edit never writes over what it did not touch; the photos, when
 * their order or set changed, as the whole list (kept ones by URL, new ones as data URLs).
 * Null when nothing changed. The form has passed checkListingEdit.
 */
export async function editBody(
  listing: ListingDetail,
  form: EditListingForm,
  photos: readonly PhotoItem[],
): Promise<EditListingBody | null> {
  const body: EditListingBody = {};
  const title = form.title.trim();
  const description = form.description.trim();
  const price = parsePrice(form.price) as number;
  const discount = parseDiscount(form.discount) as number;
  if (title !== listing.title) body.title = title;
  if (description !== listing.description) body.description = description;
  if (price !== listing.price) body.price = price;
  if (form.category !== listing.category) body.category = form.category;
  if (form.condition !== listing.conditions) body.conditions = form.condition;
  if (discount !== listing.discount) body.discount = discount;
  const before = photosOf(listing);
  const same =
    photos.length === before.length && photos.every((photo, i) => photo.url === before[i]);
  if (!same) {
    const added = await photoUploads(photos.flatMap((photo) => (photo.file ? [photo.file] : [])));
    body.photos = photos.map((photo): EditPhoto =>
      photo.url ? { url: photo.url } : added.shift()!,
    );
  }
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * Saves an edit (`onProgress` hears its upload); the saved listing shows at once, and the lists
 * it appears in are read again before the save settles.
 */
export function useSaveListingEdit(listingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      onProgress,
    }: {
      body: EditListingBody;
      onProgress: (fraction: number) => void;
    }) => {
      const [saved] = await postJsonWithProgress<ListingDetail[]>(
        listingPaths.listing(listingId),
        body,
        onProgress,
        undefined,
        'PATCH',
      );
      return saved!;
    },
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.listing(listingId), saved);
      // Its words, price and cover show in every list, search and favourite.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['listings'] }),
        client.invalidateQueries({ queryKey: ['favorites'] }),
      ]);
    },
  });
}

/** "Could not save your changes: {message}", the server's words when it gave some. */
export function editError(error: unknown): string {
  const reason =
    error instanceof ApiError && error.fromServer
      ? error.message
      : error instanceof TypeError
        ? 'you appear to be offline. Check your connection and try again.'
        : 'please try again.';
  return `Could not save your changes: ${reason}`;
}
