import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editListingBody, listingDetail, listingParams } from '#shared/schemas/listings.js';
import { OFFER_CLOSED_REASONS } from '#shared/sales.js';
import { badRequest, conflict } from '#server/lib/http-error.js';
import { spendFloodAllowance } from '#server/safety/flood-limit.js';
import { refuseChangeOfAgreed } from '#server/safety/open-orders.js';
import { closeOpenOffers, findOffer } from '#server/safety/sale-holds-repository.js';
import { agreedChanges } from './agreed-changes.js';
import { editListing } from './edit-repository.js';
import { ownListing, sellerOnly } from './listing-owner.js';
import { photosOf } from './photos-repository.js';
import { keepPictures, PICTURES_BODY_LIMIT, preparePictures } from './pictures.js';
import { findListing, findProduct } from './repository.js';
import { tellFavoriters } from './watchers.js';

type EditedPhotos = NonNullable<z.output<typeof editListingBody>['photos']>;

/**
 * PATCH /api/listing/{id}: the seller fixes what they wrote, changes the price, and adds,
 * removes and reorders pictures (docs/api.md, "Search and listings").
 */
export const listingEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /**
   * The pictures in their new order as URLs: kept ones must be the listing's own, new ones go
   * through the image pipeline, every one checked before any is kept (`keep`).
   */
  async function resolvePhotos(productId: number, photos: EditedPhotos) {
    const product = await findProduct(db, productId);
    const current = new Set(await photosOf(db, productId, product?.thumbnail ?? null));
    for (const photo of photos) {
      if ('url' in photo && !current.has(photo.url)) {
        throw badRequest(`That photo is not one of this listing's: ${photo.url}`);
      }
    }
    const uploads = photos.filter((photo) => 'thumbnail' in photo);
    const prepared = await preparePictures(uploads);
    const added = prepared.map((picture) => picture.url);
    const urls = photos.map((photo) => ('url' in photo ? photo.url : added.shift()!));
    if (new Set(urls).size !== urls.length) throw badRequest('Each photo may appear only once.');
    return { urls, keep: () => keepPictures(prepared, app.images) };
  }

  app.patch(
    '/api/listing/:id',
    {
      bodyLimit: PICTURES_BODY_LIMIT,
      ...sellerOnly(db),
      schema: {
        params: listingParams,
        body: editListingBody,
        response: { 200: z.array(listingDetail) },
      },
    },
    async (request) => {
      const listingId = request.params.id;
      const owned = await ownListing(db, request, listingId);
      if (owned.listing_status !== 'Active') {
        throw conflict('This listing is sold: it can no longer change.');
      }
      // What a waiting buyer agreed to stays (checked again below, with the row held).
      const agreed = await agreedChanges(db, listingId, request.body);
      await refuseChangeOfAgreed(db, owned, agreed);
      const { photos, ...fields } = request.body;
      const resolved = photos && (await resolvePhotos(owned.product_id, photos));
      // Each edit may tell everyone who keeps the listing: edits spend a daily allowance.
      await spendFloodAllowance(app, owned.vendor_id, ['listingEditsPerDay']);
      await resolved?.keep();
      const { priceDrop, priceChanged } = await editListing(
        db,
        app.dialect,
        listingId,
        {
          ...fields,
          photos: resolved?.urls,
        },
        (trx) => refuseChangeOfAgreed(trx, owned, agreed),
      );
      const updated = (await findListing(db, listingId))!;
      if (priceDrop) await tellFavoriters(app, updated, { drop: priceDrop });
      // Open offers were made against the old price: they close, their buyers read why.
      if (priceChanged) {
        for (const offerId of await closeOpenOffers(
          db,
          listingId,
          OFFER_CLOSED_REASONS.priceChanged,
        )) {
          const closed = await findOffer(db, offerId);
          if (closed)
            await app.notify({ type: 'offer.changed', actorId: owned.vendor_id, offer: closed });
        }
      }
      return [{ ...updated, photos: await photosOf(db, updated.product_id, updated.thumbnail) }];
    },
  );
};
