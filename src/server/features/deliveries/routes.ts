import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courierDeliveryInstruction,
  courierParams,
  deliveryEvent,
  deliveryInstruction,
  deliveryParams,
  ownDeliveryInstruction,
} from '#shared/schemas/deliveries.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { forbidden, notFound } from '#server/lib/http-error.js';
import { asCaller, courier, owns, self, signedIn } from '#server/plugins/guards.js';
import { requireSelf } from '#server/plugins/session.js';
import { buyerDetailsFor } from './buyer-repository.js';
import { handoverCodesFor } from './handover-repository.js';
import { deliveryMoveRoutes } from './move-routes.js';
import { deliveryRatingRoutes } from './rating-routes.js';
import {
  courierInstructions,
  deliveryEvents,
  findInstruction,
  instructionsOf,
  unassignedInstructions,
} from './repository.js';
import { canRead } from './rules.js';

const instructions = z.array(deliveryInstruction);

/**
 * Delivery instructions: reads, and the moves (move-routes.ts) and ratings (rating-routes.ts).
 * The request side is in request-routes.ts.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // The caller's deliveries; as their buyer they also read each one's handover code, the only
  // answer that ever carries it.
  app.get(
    '/api/delivery_instruction',
    { ...signedIn(), schema: { response: { 200: z.array(ownDeliveryInstruction) } } },
    asCaller(async ({ user_id: userId }) => {
      const list = await instructionsOf(db, userId);
      const bought = list.filter((d) => d.buyer_id === userId);
      const codes = await handoverCodesFor(
        db,
        bought.filter((d) => d.handover_required === 1).map((d) => d.delivery_id),
      );
      // Only the buyer learns who carries their order and whether a courier gave it up.
      const details = await buyerDetailsFor(db, bought);
      return list.map((d) =>
        d.buyer_id === userId
          ? {
              ...d,
              ...details.get(d.delivery_id),
              ...(d.handover_required === 1 && { handover_code: codes.get(d.delivery_id) ?? null }),
            }
          : d,
      );
    }),
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
      schema: { params: courierParams, response: { 200: z.array(courierDeliveryInstruction) } },
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
    asCaller((user, request) => readable(user, request.params.id)),
  );

  app.get(
    '/api/delivery_instruction/:id/events',
    {
      ...readers,
      schema: { params: deliveryParams, response: { 200: z.array(deliveryEvent) } },
    },
    asCaller(async (user, request) => {
      await readable(user, request.params.id);
      return deliveryEvents(db, request.params.id);
    }),
  );

  await app.register(deliveryMoveRoutes);
  await app.register(deliveryRatingRoutes);
};
