import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDeliveryTransition } from '#shared/delivery.js';
import {
  courierParams,
  deliveryEvent,
  deliveryInstruction,
  deliveryParams,
  updateDeliveryBody,
} from '#shared/schemas/deliveries.js';
import type { SessionUser } from '#shared/schemas/users.js';
import { conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { courier, owns, rawChoice, self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { requireSelf, requireUser } from '#server/plugins/session.js';
import {
  clearCourierPosition,
  courierInstructions,
  deliveryEvents,
  findInstruction,
  insertDeliveryEvent,
  instructionsOf,
  moveInstruction,
  unassignedInstructions,
} from './repository.js';
import { authorizeMove, canRead, clampDeviceTime, illegalMoveMessage, mayMove } from './rules.js';

const instructions = z.array(deliveryInstruction);

/** Delivery instructions: the courier's side. The request side is in request-routes.ts. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/delivery_instruction',
    { ...signedIn(), schema: { response: { 200: instructions } } },
    async (request) => instructionsOf(db, requireUser(request).user_id),
  );

  app.get(
    '/api/delivery_instruction/courier/unassigned',
    { ...courier(), schema: { response: { 200: instructions } } },
    async () => unassignedInstructions(db),
  );

  app.get(
    '/api/delivery_instruction/courier/:user_id',
    {
      ...signedIn(self('params', 'user_id')),
      schema: { params: courierParams, response: { 200: instructions } },
    },
    async (request) =>
      courierInstructions(db, requireSelf(request, request.params.user_id).user_id),
  );

  /** 403 before anything else for a delivery the caller may not see. */
  const readers = signedIn(
    owns('params', 'id', async (deliveryId, user) => {
      const found = await findInstruction(db, deliveryId);
      return found && !canRead(user, found) ? 'This delivery is not yours.' : undefined;
    }),
  );

  const readable = async (user: SessionUser, deliveryId: number) => {
    const found = await findInstruction(db, deliveryId);
    if (!found) throw notFound('No such delivery.');
    if (!canRead(user, found)) throw forbidden('This delivery is not yours.');
    return found;
  };

  app.get(
    '/api/delivery_instruction/:id',
    { ...readers, schema: { params: deliveryParams, response: { 200: deliveryInstruction } } },
    async (request) => readable(requireUser(request), request.params.id),
  );

  app.get(
    '/api/delivery_instruction/:id/events',
    {
      ...readers,
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
      ...signedIn(
        // Claiming a delivery is carrying it; the later moves belong to whoever holds it.
        verifiedEmail((request) => rawChoice(request, 'delivery_status') === 'assigned'),
        owns('params', 'id', async (deliveryId, user, request) => {
          const found = await findInstruction(db, deliveryId);
          const asked = (request.body as { delivery_status?: unknown } | null)?.delivery_status;
          return found && !mayMove(user, found, asked) ? 'This delivery is not yours.' : undefined;
        }),
      ),
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
      authorizeMove(user, found, to, courier_id);

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
            ...clampDeviceTime(device_time, found.timestamp),
          });
        }
        return ok;
      });
      const current = (await findInstruction(db, found.delivery_id))!;
      if (moved) {
        await app.notify({
          type: 'delivery.moved',
          actorId: user.user_id,
          from,
          delivery: current,
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
