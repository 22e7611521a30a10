import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptBody,
  acceptParams,
  createDeliveryRequestBody,
  deliveryInstruction,
  deliveryParams,
  deliveryRequest,
  listingBuyerQuery,
  updateDeliveryRequestBody,
} from '#shared/schemas/deliveries.js';
import { SOLD_TO_ANOTHER_BUYER } from '#shared/delivery.js';
import { LISTING_ON_HOLD_MESSAGE } from '#shared/sales.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/http-error.js';
import {
  asCaller,
  owns,
  rawChoice,
  self,
  signedIn,
  verifiedEmail,
} from '#server/plugins/guards.js';
import { getCallersOwn } from '#server/plugins/callers-own.js';
import { requireSelf } from '#server/plugins/session.js';
import { blockRefusal } from '#server/safety/blocks.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { hasDeliveryUnderWay, listingTaken, lockListing } from '#server/safety/one-sale.js';
import { activeHold, applyHoldPrice } from '#server/safety/sale-holds-repository.js';
import { createHandoverCode } from './handover-repository.js';
import {
  declineOtherRequests,
  findInstruction,
  findRequest,
  insertInstruction,
  insertRequest,
  listingForRequest,
  pendingRequestsForVendor,
  requestsByBuyerForListing,
  requestsOf,
  settleRequest,
} from './repository.js';

const requests = z.array(deliveryRequest);

/** Delivery requests: the buyer asks, the vendor declines or accepts (creating the delivery). */
export const deliveryRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  getCallersOwn(app, '/api/delivery_request', requests, requestsOf);

  /** Only the seller a request was sent to may settle it. */
  const sellerOf = (action: string) =>
    signedIn(
      owns('params', action === 'accept' ? 'deliveryRequestId' : 'id', async (requestId, user) => {
        const found = await findRequest(db, requestId);
        return found && found.vendor_id !== user.user_id
          ? `Only the seller can ${action} this request.`
          : undefined;
      }),
    );

  /**
   * Declining is the seller's; cancelling, the buyer's. A body without a status to read is bad
   * input of either of the two (400), not a stranger's business.
   */
  const settlerOf = signedIn(
    owns('params', 'id', async (requestId, user, request) => {
      const found = await findRequest(db, requestId);
      if (!found) return undefined;
      const asked = (request.body as { status?: unknown } | null)?.status;
      if (rawChoice(request, 'status') === 'cancelled')
        return found.buyer_id !== user.user_id
          ? 'Only the buyer can cancel this request.'
          : undefined;
      if (typeof asked !== 'string' && found.buyer_id === user.user_id) return undefined;
      return found.vendor_id !== user.user_id
        ? 'Only the seller can decline this request.'
        : undefined;
    }),
  );

  /** Why a request can no longer be settled, in the product's words. */
  const settledMessage = (status: string) =>
    status === 'Cancelled'
      ? 'The buyer cancelled this request.'
      : status === 'Denied'
        ? 'This request was declined.'
        : 'This request was already accepted.';

  app.get(
    '/api/delivery_request/vendor/:userId',
    {
      ...signedIn(self('params', 'userId')),
      schema: {
        params: z.strictObject({ userId: deliveryParams.shape.id }),
        response: { 200: requests },
      },
    },
    async (request) =>
      pendingRequestsForVendor(db, requireSelf(request, request.params.userId).user_id),
  );

  app.get(
    '/api/delivery_request/listing-buyer',
    {
      ...signedIn(self('query', 'userId')),
      schema: { querystring: listingBuyerQuery, response: { 200: requests } },
    },
    async (request) => {
      const user = requireSelf(request, request.query.userId);
      return requestsByBuyerForListing(db, user.user_id, request.query.listingId);
    },
  );

  app.post(
    '/api/delivery_request',
    {
      ...signedIn(
        verifiedEmail(),
        self('body', 'buyer_id'),
        owns('body', 'listing_id', async (listingId, user) => {
          const listing = await listingForRequest(db, listingId);
          if (!listing) return undefined;
          if (listing.vendor_id === user.user_id) {
            return 'You cannot request delivery of your own item.';
          }
          // Nobody asks a delivery of someone who blocked them, or whom they blocked.
          return blockRefusal(db, user.user_id, listing.vendor_id);
        }),
      ),
      ...idempotent(),
      schema: { body: createDeliveryRequestBody, response: { 201: deliveryRequest } },
    },
    async (request, reply) => {
      const body = request.body;
      const user = requireSelf(request, body.buyer_id);
      const listing = await listingForRequest(db, body.listing_id);
      if (!listing || listing.listing_status === 'Deleted') throw notFound('No item Found');
      if (listing.vendor_id === user.user_id)
        throw forbidden('You cannot request delivery of your own item.');
      if (listing.vendor_id !== body.vendor_id)
        throw badRequest("vendor_id is not this listing's seller.");
      if (listing.listing_status !== 'Active') throw conflict('This item is no longer available.');
      // A listing on hold is its holder's: nobody else asks for it meanwhile.
      const held = await activeHold(db, listing.listing_id);
      if (held && held.buyer_id !== user.user_id) {
        throw conflict(LISTING_ON_HOLD_MESSAGE, 'listing_on_hold');
      }
      if ((await requestsByBuyerForListing(db, user.user_id, body.listing_id)).length > 0) {
        throw conflict('Request Already Sent');
      }
      // The request keeps the listing as it is now. Its row is held meanwhile, so a seller's
      // edit either ends first (the request keeps the new words) or waits and sees the request.
      const id = await db
        .transaction()
        .execute(async (trx) => {
          await lockListing(trx, app.dialect, listing.listing_id);
          const requestId = await insertRequest(trx, {
            buyer_id: user.user_id,
            vendor_id: listing.vendor_id,
            listing_id: listing.listing_id,
            dropoff: body.dropoff,
            buyer_special_request: body.buyer_special_request,
            require_handover_code: body.require_handover_code ?? 0,
          });
          // The holder pays what the seller agreed to (an accepted offer), not the listed price.
          if (held?.agreed_cents != null) await applyHoldPrice(trx, requestId, held.agreed_cents);
          return requestId;
        })
        .catch((error: unknown) => {
          // The same buyer's second request racing the first (a double tap, two tabs) passes the
          // check above; the unique (buyer, listing) key refuses it: say so in the product's words.
          if (isUniqueViolation(error)) throw conflict('Request Already Sent');
          throw error;
        });
      const created = (await findRequest(db, id))!;
      await app.notify({ type: 'request.created', actorId: user.user_id, request: created });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/delivery_request/:id',
    {
      ...settlerOf,
      schema: {
        params: deliveryParams,
        body: updateDeliveryRequestBody,
        response: { 200: deliveryRequest },
      },
    },
    asCaller(async (user, request) => {
      const { status, reason } = request.body;
      const found = await findRequest(db, request.params.id);
      if (!found) throw notFound('No such delivery request.');
      const owner = status === 'Cancelled' ? found.buyer_id : found.vendor_id;
      if (owner !== user.user_id) {
        throw forbidden(
          status === 'Cancelled'
            ? 'Only the buyer can cancel this request.'
            : 'Only the seller can decline this request.',
        );
      }
      if (found.status === status) return found;
      if (found.status === 'Approved' && status === 'Cancelled') {
        throw conflict(
          'The seller accepted this request already: cancel its delivery instead (before pick-up).',
        );
      }
      if (!(await settleRequest(db, found.delivery_request_id, status, { reason }))) {
        const now = (await findRequest(db, found.delivery_request_id))!;
        if (now.status === status) return now;
        throw conflict(settledMessage(now.status));
      }
      const settled = (await findRequest(db, found.delivery_request_id))!;
      await app.notify({
        type: status === 'Cancelled' ? 'request.cancelled' : 'request.declined',
        actorId: user.user_id,
        request: settled,
      });
      return settled;
    }),
  );

  app.post(
    '/api/delivery_instruction/request/accept/:deliveryRequestId',
    {
      ...sellerOf('accept'),
      ...idempotent(),
      schema: { params: acceptParams, body: acceptBody, response: { 201: deliveryInstruction } },
    },
    asCaller(async (user, request, reply) => {
      const found = await findRequest(db, request.params.deliveryRequestId);
      if (!found) throw notFound('No such delivery request.');
      if (found.vendor_id !== user.user_id)
        throw forbidden('Only the seller can accept this request.');
      const listing = await listingForRequest(db, found.listing_id);
      if (!listing || listing.listing_status === 'Deleted')
        throw conflict('This listing no longer exists.');
      // One transaction: the request's status change, the new delivery and the other buyers'
      // answers happen together or not at all, one sale of the listing at a time.
      const { deliveryId, declined } = await db.transaction().execute(async (trx) => {
        await lockListing(trx, app.dialect, listing.listing_id);
        const current = await findRequest(trx, found.delivery_request_id);
        if (current?.decline_reason === SOLD_TO_ANOTHER_BUYER) throw listingTaken();
        if (current && current.status !== 'Pending') throw conflict(settledMessage(current.status));
        if (await hasDeliveryUnderWay(trx, listing.listing_id)) throw listingTaken();
        if (!(await settleRequest(trx, found.delivery_request_id, 'Approved'))) {
          const now = await findRequest(trx, found.delivery_request_id);
          throw conflict(settledMessage(now?.status ?? found.status));
        }
        const id = await insertInstruction(trx, {
          delivery_request_id: found.delivery_request_id,
          pickup: request.body.pickup,
          dropoff: found.dropoff,
          seller_special_request: request.body.vendor_special_request,
          buyer_special_request: found.buyer_special_request,
          buyer_id: found.buyer_id,
          vendor_id: found.vendor_id,
          product_id: listing.product_id,
          listing_id: listing.listing_id,
          handover_required: found.require_handover_code,
        });
        // Only the buyer will ever read it (GET /api/delivery_instruction, their own list).
        if (found.require_handover_code === 1) await createHandoverCode(trx, id);
        const others = await declineOtherRequests(
          trx,
          listing.listing_id,
          found.delivery_request_id,
          SOLD_TO_ANOTHER_BUYER,
        );
        return { deliveryId: id, declined: others };
      });
      const created = (await findInstruction(db, deliveryId))!;
      await app.notify({ type: 'request.accepted', actorId: user.user_id, delivery: created });
      // The other buyers learn that the item went to someone else.
      for (const requestId of declined) {
        const other = (await findRequest(db, requestId))!;
        await app.notify({ type: 'request.declined', actorId: user.user_id, request: other });
      }
      return reply.code(201).send(created);
    }),
  );
};
