import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDeliveryTransition, type DeliveryStatus } from '../../../shared/delivery.js';
import {
  acceptBody,
  acceptParams,
  courierParams,
  createDeliveryRequestBody,
  deliveryEvent,
  deliveryInstruction,
  deliveryParams,
  deliveryRequest,
  listingBuyerQuery,
  updateDeliveryBody,
  updateDeliveryRequestBody,
} from '../../../shared/schemas/deliveries.js';
import type { DeliveryInstruction } from '../../../shared/schemas/deliveries.js';
import type { SessionUser } from '../../../shared/schemas/users.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { requireCourier, requireSelf, requireUser } from '../../plugins/session.js';
import {
  clearCourierPosition,
  courierInstructions,
  deliveryEvents,
  findInstruction,
  findRequest,
  insertDeliveryEvent,
  insertInstruction,
  insertRequest,
  instructionsOf,
  listingForRequest,
  moveInstruction,
  pendingRequestsForVendor,
  requestsByBuyerForListing,
  requestsOf,
  settleRequest,
  unassignedInstructions,
} from './repository.js';

const requests = z.array(deliveryRequest);
const instructions = z.array(deliveryInstruction);

/** Buyer, vendor, assigned courier; any courier may look at an unassigned delivery. */
function canRead(user: SessionUser, d: DeliveryInstruction): boolean {
  return (
    d.buyer_id === user.user_id ||
    d.vendor_id === user.user_id ||
    d.courier_id === user.user_id ||
    (d.delivery_status === 'Unassigned' && user.is_courier === 1)
  );
}

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ---- Delivery requests (buyer asks, vendor accepts or declines) ----

  app.get('/api/delivery_request', { schema: { response: { 200: requests } } }, async (request) =>
    requestsOf(db, requireUser(request).user_id),
  );

  app.get(
    '/api/delivery_request/vendor/:userId',
    {
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
    { schema: { querystring: listingBuyerQuery, response: { 200: requests } } },
    async (request) => {
      const user = requireSelf(request, request.query.userId);
      return requestsByBuyerForListing(db, user.user_id, request.query.listingId);
    },
  );

  app.post(
    '/api/delivery_request',
    { schema: { body: createDeliveryRequestBody, response: { 201: deliveryRequest } } },
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
      if ((await requestsByBuyerForListing(db, user.user_id, body.listing_id)).length > 0) {
        throw conflict('Request Already Sent');
      }
      const id = await insertRequest(db, {
        buyer_id: user.user_id,
        vendor_id: listing.vendor_id,
        listing_id: listing.listing_id,
        dropoff: body.dropoff,
        buyer_special_request: body.buyer_special_request,
      });
      return reply.code(201).send((await findRequest(db, id))!);
    },
  );

  app.put(
    '/api/delivery_request/:id',
    {
      schema: {
        params: deliveryParams,
        body: updateDeliveryRequestBody,
        response: { 200: deliveryRequest },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await findRequest(db, request.params.id);
      if (!found) throw notFound('No such delivery request.');
      if (found.vendor_id !== user.user_id)
        throw forbidden('Only the seller can decline this request.');
      if (
        found.status !== 'Denied' &&
        !(await settleRequest(db, found.delivery_request_id, 'Denied'))
      ) {
        throw conflict('This request was already accepted.');
      }
      const denied = (await findRequest(db, found.delivery_request_id))!;
      if (found.status !== 'Denied') {
        await app.live.publish({
          type: 'delivery.updated',
          data: { request: denied },
          to: [denied.buyer_id, denied.vendor_id],
        });
      }
      return denied;
    },
  );

  app.post(
    '/api/delivery_instruction/request/accept/:deliveryRequestId',
    {
      schema: { params: acceptParams, body: acceptBody, response: { 201: deliveryInstruction } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const found = await findRequest(db, request.params.deliveryRequestId);
      if (!found) throw notFound('No such delivery request.');
      if (found.vendor_id !== user.user_id)
        throw forbidden('Only the seller can accept this request.');
      const listing = await listingForRequest(db, found.listing_id);
      if (!listing || listing.listing_status === 'Deleted')
        throw conflict('This listing no longer exists.');
      // The request's status change and the new delivery happen together or not at all.
      const deliveryId = await db.transaction().execute(async (trx) => {
        if (!(await settleRequest(trx, found.delivery_request_id, 'Approved'))) {
          throw conflict(
            found.status === 'Denied'
              ? 'This request was declined.'
              : 'This request was already accepted.',
          );
        }
        return insertInstruction(trx, {
          delivery_request_id: found.delivery_request_id,
          pickup: request.body.pickup,
          dropoff: found.dropoff,
          seller_special_request: request.body.vendor_special_request,
          buyer_special_request: found.buyer_special_request,
          buyer_id: found.buyer_id,
          vendor_id: found.vendor_id,
          product_id: listing.product_id,
          listing_id: listing.listing_id,
        });
      });
      const created = (await findInstruction(db, deliveryId))!;
      // A new delivery joins the Unassigned pool that on-shift couriers watch.
      await app.live.publish({
        type: 'delivery.updated',
        data: { delivery: created },
        to: [created.buyer_id, created.vendor_id],
        couriersOnShift: true,
      });
      return reply.code(201).send(created);
    },
  );

  // ---- Delivery instructions (couriers) ----

  app.get(
    '/api/delivery_instruction',
    { schema: { response: { 200: instructions } } },
    async (request) => instructionsOf(db, requireUser(request).user_id),
  );

  app.get(
    '/api/delivery_instruction/courier/unassigned',
    { schema: { response: { 200: instructions } } },
    async (request) => {
      requireCourier(request);
      return unassignedInstructions(db);
    },
  );

  app.get(
    '/api/delivery_instruction/courier/:user_id',
    { schema: { params: courierParams, response: { 200: instructions } } },
    async (request) =>
      courierInstructions(db, requireSelf(request, request.params.user_id).user_id),
  );

  const readable = async (user: SessionUser, deliveryId: number) => {
    const found = await findInstruction(db, deliveryId);
    if (!found) throw notFound('No such delivery.');
    if (!canRead(user, found)) throw forbidden('This delivery is not yours.');
    return found;
  };

  app.get(
    '/api/delivery_instruction/:id',
    { schema: { params: deliveryParams, response: { 200: deliveryInstruction } } },
    async (request) => readable(requireUser(request), request.params.id),
  );

  app.get(
    '/api/delivery_instruction/:id/events',
    {
      schema: { params: deliveryParams, response: { 200: z.array(deliveryEvent) } },
    },
    async (request) => {
      await readable(requireUser(request), request.params.id);
      return deliveryEvents(db, request.params.id);
    },
  );

  app.put(
    '/api/delivery_instruction/:id',
    {
      schema: {
        params: deliveryParams,
        body: updateDeliveryBody,
        response: { 200: deliveryInstruction },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { delivery_status: to, courier_id, device_time } = request.body;
      const found = await findInstruction(db, request.params.id);
      if (!found) throw notFound('No such delivery.');
      const from = found.delivery_status;
      const isMine = found.courier_id === user.user_id;

      if (to === 'Unassigned') {
        if (courier_id != null) throw badRequest('Giving up a delivery sets courier_id to null.');
        if (!isMine)
          throw found.courier_id === null
            ? conflict('This delivery is not assigned to anyone.')
            : forbidden('This delivery is not yours.');
      } else if (to === 'Assigned') {
        if (courier_id != null && courier_id !== user.user_id)
          throw forbidden('You can only assign a delivery to yourself.');
        if (isMine && from === 'Assigned') return found;
        requireCourier(request);
        if (from !== 'Unassigned') throw conflict('Another courier already took this delivery.');
      } else {
        if (courier_id != null && courier_id !== user.user_id)
          throw forbidden('This delivery is not yours.');
        if (!isMine) throw forbidden('This delivery is not yours.');
      }

      const check = checkDeliveryTransition(from, to);
      if (check === 'repeat') return found;
      if (check === 'illegal') throw conflict(illegalMoveMessage(from, to));

      const moved = await db.transaction().execute(async (trx) => {
        const ok = await moveInstruction(trx, found.delivery_id, {
          from,
          to,
          heldBy: to === 'Assigned' ? null : user.user_id,
          courierId: to === 'Unassigned' ? null : user.user_id,
        });
        if (ok && (to === 'Delivered' || to === 'Unassigned')) {
          await clearCourierPosition(trx, found.delivery_id);
        }
        if (ok) {
          await insertDeliveryEvent(trx, {
            delivery_id: found.delivery_id,
            delivery_status: to,
            courier_id: to === 'Unassigned' ? null : user.user_id,
            actor_id: user.user_id,
            device_at: device_time ?? null,
          });
        }
        return ok;
      });
      const current = (await findInstruction(db, found.delivery_id))!;
      if (moved) {
        await app.live.publish({
          type: 'delivery.updated',
          data: { delivery: current },
          to: [current.buyer_id, current.vendor_id, user.user_id],
          couriersOnShift: from === 'Unassigned' || to === 'Unassigned',
        });
      }
      if (!moved) {
        // Someone else moved it first: a repeat of what we wanted is still a success.
        if (
          current.delivery_status === to &&
          current.courier_id === (to === 'Unassigned' ? null : user.user_id)
        )
          return current;
        throw conflict(
          to === 'Assigned'
            ? 'Another courier already took this delivery.'
            : 'This delivery was changed by someone else.',
        );
      }
      return current;
    },
  );
};

function illegalMoveMessage(from: DeliveryStatus, to: DeliveryStatus): string {
  if (to === 'Unassigned') return 'You can only give up a delivery before picking it up.';
  return `A delivery that is ${from} cannot become ${to}.`;
}
