import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURED_COUNT } from '#shared/constants.js';
import {
  allQuery,
  categoryQuery,
  combinedQuery,
  createListingBody,
  createListingResponse,
  featuredQuery,
  listing,
  listingDetail,
  listingParams,
  product,
  relistBody,
  searchPage,
  searchQuery,
  type SearchQuery,
  soldCountResponse,
  titleQuery,
  updateListingBody,
  userIdParams,
} from '#shared/schemas/listings.js';
import { HOLD_MESSAGES, OFFER_CLOSED_REASONS } from '#shared/sales.js';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { answerVaries, sharedAnswer } from '#server/plugins/cache-control.js';
import { owns, self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { spendFloodAllowance } from '#server/safety/flood-limit.js';
import {
  activeHold,
  agreedPriceCents,
  closeOpenOffers,
  dealtAbout,
  endHold,
  findOffer,
  recordSale,
  undoMarkedSale,
} from '#server/safety/sale-holds-repository.js';
import { requireSelf } from '#server/plugins/session.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { ownListing, sellerOnly } from './listing-owner.js';
import { markHeld } from './mark-held.js';
import { photosOf, setPhotos } from './photos-repository.js';
import { keepPictures, PICTURES_BODY_LIMIT, preparePictures } from './pictures.js';
import {
  activeListingsOf,
  findHeldListing,
  findListing,
  findProduct,
  insertListing,
  insertProduct,
  productsOf,
  randomActiveListings,
  softDeleteListing,
  soldCountOf,
  changeListingStatus,
} from './repository.js';
import { createFeaturedPool } from './featured-pool.js';
import { searchListings, searchPageOf } from './search-repository.js';
import { createSearchCache } from './search-cache.js';
import { tellFavoriters, tellSavedSearches } from './watchers.js';

const JSON_UTF8 = 'application/json; charset=utf-8';

const listings = z.array(listing);

export const listingRoutes: FastifyPluginAsyncZod<{ readEpoch: () => Promise<number> }> = async (
  app,
  { readEpoch },
) => {
  const db = app.db;
  const dialect = app.dialect;
  // Search answers are cached as JSON text until the data they show changes (search-cache.ts).
  const cache = createSearchCache({ readEpoch });
  // Featured listings are drawn from a pool of random active listings (featured-pool.ts).
  const featured = createFeaturedPool({
    readEpoch,
    load: async (size) =>
      (await randomActiveListings(db, size)).map((l) => JSON.stringify(listing.parse(l))),
  });
  // The key is the address as sent (path and query): its query passed the route's schema, and
  // the same address always means the same search.
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
  ) => reply.type(JSON_UTF8).send((await cache.get(request.url, compute)) as never);
  // A search answered before is sent from the cache as the request arrives, before the query is
  // parsed and validated again: only an address that passed validation was ever cached.
  const fromCache: onRequestHookHandler = (request, reply, done) => {
    cache.cached(request.url).then((hit) => {
      if (hit === undefined) done();
      else void reply.type(JSON_UTF8).send(hit);
    }, done);
  };
  const list = async (r: FastifyRequest, reply: FastifyReply) => {
    const query = r.query as SearchQuery;
    return cached(r, reply, async () =>
      listings.parse(await markHeld(db, await searchListings(db, query, dialect))),
    );
  };

  // The four search calls of the original API: plain lists. Filters and paging are optional
  // extras every one of them takes.
  const listCalls = [
    ['/api/all', allQuery],
    ['/api/category', categoryQuery],
    ['/api/title', titleQuery],
    ['/api/combined', combinedQuery],
  ] as const;
  for (const [path, querystring] of listCalls) {
    app.get(
      path,
      {
        ...sharedAnswer,
        onRequest: fromCache,
        schema: { querystring, response: { 200: listings } },
      },
      list,
    );
  }
  app.get(
    '/api/search',
    {
      ...sharedAnswer,
      onRequest: fromCache,
      schema: { querystring: searchQuery, response: { 200: searchPage } },
    },
    async (r, reply) =>
      cached(r, reply, async () => {
        const page = await searchPageOf(db, r.query, dialect);
        return searchPage.parse({ ...page, items: await markHeld(db, page.items) });
      }),
  );
  app.get(
    '/api/listing/featured',
    { ...sharedAnswer, schema: { querystring: featuredQuery, response: { 200: listings } } },
    async (r, reply) =>
      reply.type(JSON_UTF8).send((await featured.take(r.query.limit ?? FEATURED_COUNT)) as never),
  );

  /**
   * Spec: an array whose first element is the listing, here with its pictures. Sold listings
   * stay readable. Sent as JSON text: the row is typed as a Listing from the query to here,
   * and checking it against the schema on every read cost more than the read itself.
   */
  app.get(
    '/api/listing/:id',
    // Its seller and moderators also read it while a moderator hides it.
    {
      ...answerVaries,
      schema: { params: listingParams, response: { 200: z.array(listingDetail) } },
    },
    async (r, reply) => {
      const found = (await markHeld(db, [await findListing(db, r.params.id)]))[0];
      if (found) {
        const detail = { ...found, photos: await photosOf(db, found.product_id, found.thumbnail) };
        // Who it is held for: only its seller and that buyer read it.
        if (found.on_hold && r.user) {
          const hold = await activeHold(db, found.listing_id);
          if (hold && (hold.seller_id === r.user.user_id || hold.buyer_id === r.user.user_id)) {
            detail.held_for = hold.buyer_id;
          }
        }
        return reply.type(JSON_UTF8).send(JSON.stringify([detail]) as never);
      }
      // A hidden listing is gone for everyone but its seller and moderators.
      const held = r.user ? await findHeldListing(db, r.params.id) : undefined;
      if (!held || (held.vendor_id !== r.user!.user_id && r.user!.is_moderator !== 1)) {
        throw notFound('No item Found');
      }
      const detail = { ...held, photos: await photosOf(db, held.product_id, held.thumbnail) };
      return reply.type(JSON_UTF8).send(JSON.stringify([detail]) as never);
    },
  );

  app.post(
    '/api/listing',
    {
      bodyLimit: PICTURES_BODY_LIMIT,
      ...signedIn(verifiedEmail(), self('body', 'vendor_id', 'another vendor')),
      ...idempotent(),
      schema: { body: createListingBody, response: { 201: createListingResponse } },
    },
    async (request, reply) => {
      const body = request.body;
      requireSelf(request, body.vendor_id, 'another vendor');
      // The cover first, then the other pictures, every one checked before any is kept.
      const pictures = await preparePictures([
        { thumbnail: body.thumbnail },
        ...(body.photos ?? []),
      ]);
      await spendFloodAllowance(app, body.vendor_id, ['listingsPerDay']);
      const urls = await keepPictures(pictures, app.images);
      const thumbnail = urls[0]!;
      const created = await db.transaction().execute(async (trx) => {
        const p = await insertProduct(trx, {
          vendor_id: body.vendor_id,
          title: body.title,
          description: body.description,
          category: body.category,
          thumbnail,
        });
        await setPhotos(trx, p.product_id, urls);
        const l = await insertListing(trx, {
          product_id: p.product_id,
          vendor_id: body.vendor_id,
          price: body.price,
          conditions: body.conditions,
          discount: body.discount,
        });
        return { listing_id: l.listing_id, product_id: p.product_id, thumbnail };
      });
      await tellSavedSearches(app, { ...body, listing_id: created.listing_id });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/listing/existing',
    {
      ...signedIn(
        verifiedEmail(),
        self('body', 'vendor_id', 'another vendor'),
        owns('body', 'product_id', async (productId, user) => {
          const p = await findProduct(db, productId);
          return p && p.vendor_id !== user.user_id
            ? 'You can only relist your own products.'
            : undefined;
        }),
      ),
      ...idempotent(),
      schema: { body: relistBody, response: { 201: createListingResponse } },
    },
    async (request, reply) => {
      const body = request.body;
      requireSelf(request, body.vendor_id, 'another vendor');
      const p = await findProduct(db, body.product_id);
      if (!p) throw notFound('No such product.');
      if (p.vendor_id !== body.vendor_id) throw forbidden('You can only relist your own products.');
      await spendFloodAllowance(app, body.vendor_id, ['listingsPerDay']);
      const l = await insertListing(db, {
        product_id: p.product_id,
        vendor_id: p.vendor_id,
        price: body.price,
        conditions: body.conditions,
        discount: body.discount,
      });
      await tellSavedSearches(app, { ...p, listing_id: l.listing_id });
      return reply
        .code(201)
        .send({ listing_id: l.listing_id, product_id: p.product_id, thumbnail: p.thumbnail });
    },
  );

  app.get(
    '/api/product/vendor/:user_id',
    {
      ...signedIn(self('params', 'user_id')),
      schema: { params: userIdParams, response: { 200: z.array(product) } },
    },
    async (r) => {
      requireSelf(r, r.params.user_id);
      return productsOf(db, r.params.user_id);
    },
  );

  app.get(
    '/api/listing/vendor/sold/:user_id',
    { ...sharedAnswer, schema: { params: userIdParams, response: { 200: soldCountResponse } } },
    async (r) => ({
      count: await soldCountOf(db, r.params.user_id),
    }),
  );

  app.get(
    '/api/listing/active/:user_id',
    { ...sharedAnswer, schema: { params: userIdParams, response: { 200: listings } } },
    async (r) => markHeld(db, await activeListingsOf(db, r.params.user_id)),
  );

  /** A buyer named with "Mark as Sold": someone who dealt with the seller about the listing. */
  async function checkBuyer(
    owned: { listing_id: number; vendor_id: number },
    status: string | undefined,
    buyerId: number,
  ) {
    if (status !== 'Sold') throw badRequest('buyer_id goes with listing_status Sold.');
    if (buyerId === owned.vendor_id) throw badRequest('You cannot sell your item to yourself.');
    if (!(await dealtAbout(db, owned.listing_id, owned.vendor_id, buyerId))) {
      throw conflict(HOLD_MESSAGES.buyerNotKnown);
    }
  }

  /** "Mark as Sold" records a sale (how: other) at the agreed price, and closes open offers. */
  async function recordMarkedSale(
    owned: { listing_id: number; vendor_id: number },
    buyerId: number | null,
    actorId: number,
  ) {
    const price = await agreedPriceCents(db, owned.listing_id, buyerId);
    await recordSale(db, {
      listing_id: owned.listing_id,
      seller_id: owned.vendor_id,
      buyer_id: buyerId,
      agreed_price_cents: price ?? 0,
      how: 'other',
    });
    await closeOffers(owned.listing_id, OFFER_CLOSED_REASONS.sold, actorId);
  }

  /** Closes the listing's open offers; their buyers hear why. */
  async function closeOffers(listingId: number, reason: string, actorId: number) {
    for (const offerId of await closeOpenOffers(db, listingId, reason)) {
      const closed = await findOffer(db, offerId);
      if (closed) await app.notify({ type: 'offer.changed', actorId, offer: closed });
    }
  }

  app.put(
    '/api/listing/:id',
    {
      ...sellerOnly(db),
      schema: { params: listingParams, body: updateListingBody, response: { 200: listings } },
    },
    async (request) => {
      const owned = await ownListing(db, request, request.params.id);
      const { availability, listing_status, buyer_id } = request.body;
      if (buyer_id !== undefined) await checkBuyer(owned, listing_status, buyer_id);
      // A sale tells everyone who keeps the listing: changes spend the edits' daily allowance.
      await spendFloodAllowance(app, owned.vendor_id, ['listingEditsPerDay']);
      await changeListingStatus(db, dialect, request.params.id, {
        ...(availability && { availability }),
        ...(listing_status && { listing_status }),
        // A sold listing is out of stock even when the client sends only the status.
        ...(listing_status === 'Sold' && !availability && { availability: 'Out of Stock' }),
      });
      const updated = await findListing(db, request.params.id);
      if (updated && owned.listing_status === 'Active' && listing_status === 'Sold') {
        await recordMarkedSale(owned, buyer_id ?? null, request.user!.user_id);
        await tellFavoriters(app, updated, 'sold');
      }
      if (owned.listing_status === 'Sold' && listing_status === 'Active') {
        await undoMarkedSale(db, owned.listing_id);
      }
      return updated ? [updated] : [];
    },
  );

  app.delete(
    '/api/listing/:id',
    {
      ...sellerOnly(db),
      schema: { params: listingParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const owned = await ownListing(db, request, request.params.id);
      if (!(await softDeleteListing(db, request.params.id))) {
        throw conflict('This listing has a delivery under way and cannot be deleted yet.');
      }
      await endHold(db, owned.listing_id, 'Released');
      await closeOffers(owned.listing_id, OFFER_CLOSED_REASONS.removed, owned.vendor_id);
      return { message: 'Listing deleted.' };
    },
  );
};
