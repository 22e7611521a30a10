import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryParams, deliveryRating, deliveryRatingBody } from '#shared/schemas/deliveries.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { conflict, notFound } from '#server/lib/http-error.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { deliveryParty } from './guards.js';
import { insertDeliveryRating } from './rating-repository.js';
import { findInstruction } from './repository.js';

const ALREADY_RATED = 'You have already rated this delivery.';

/** POST /api/delivery_instruction/{id}/rating: the buyer rates the courier, once, after Delivered. */
export const deliveryRatingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/api/delivery_instruction/:id/rating',
    {
      ...signedIn(deliveryParty(db, 'buyer_id', 'Only the buyer can rate this delivery.')),
      ...idempotent(),
      schema: {
        params: deliveryParams,
        body: deliveryRatingBody,
        response: { 201: deliveryRating },
      },
    },
    asCaller(async (user, request, reply) => {
      const found = await findInstruction(db, request.params.id);
      if (!found) throw notFound('No such delivery.');
      if (found.delivery_status !== 'Delivered')
        throw conflict('You can rate the courier once the item is delivered.');
      if (found.delivery_rating !== null) throw conflict(ALREADY_RATED);
      const rating = await insertDeliveryRating(db, {
        delivery_id: found.delivery_id,
        courier_id: found.courier_id,
        buyer_id: user.user_id,
        rating: request.body.rating,
        comment: request.body.comment,
      }).catch((error: unknown) => {
        // Two taps racing past the check above: the key keeps one.
        if (isUniqueViolation(error)) throw conflict(ALREADY_RATED);
        throw error;
      });
      return reply.code(201).send(rating);
    }),
  );
};
