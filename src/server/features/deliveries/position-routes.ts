import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isActiveDelivery } from '#shared/delivery.js';
import { courierPosition, positionBody } from '#shared/live.js';
import { deliveryParams } from '#shared/schemas/deliveries.js';
import { conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { deliveryParty } from './guards.js';
import { findPosition, savePosition } from './position-repository.js';
import { deliveryParties } from './repository.js';
import { positionTime } from './rules.js';

const ONLY_THE_COURIER = 'Only the assigned courier shares a position.';

/** The courier's live position during a delivery: shared by the courier, read by buyer and vendor. */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/api/delivery_instruction/:id/position',
    {
      ...signedIn(deliveryParty(db, 'courier_id', ONLY_THE_COURIER)),
      schema: { params: deliveryParams, body: positionBody, response: { 200: courierPosition } },
    },
    asCaller(async (user, request) => {
      const delivery = await deliveryParties(db, request.params.id);
      if (!delivery) throw notFound('No such delivery.');
      if (delivery.courier_id !== user.user_id) throw forbidden(ONLY_THE_COURIER);
      if (!isActiveDelivery(delivery.delivery_status)) {
        throw conflict('Positions are shared only while a delivery is under way.');
      }
      const { lat, lng, accuracy, at } = request.body;
      const position = {
        delivery_id: delivery.delivery_id,
        courier_id: user.user_id,
        lat,
        lng,
        accuracy: accuracy ?? null,
        // A phone's clock can be anywhere: an old or future time becomes the server's.
        at: positionTime(at),
      };
      await savePosition(db, position);
      await app.live.publish({
        type: 'courier.position',
        data: position,
        to: [delivery.buyer_id, delivery.vendor_id],
      });
      return position;
    }),
  );

  /**
   * The latest position, for a buyer or vendor opening the map: `null` while none is known
   * (not a 404, which browsers log as an error on every map that opens before the first fix).
   */
  app.get(
    '/api/delivery_instruction/:id/position',
    {
      ...signedIn(),
      schema: { params: deliveryParams, response: { 200: courierPosition.nullable() } },
    },
    asCaller(async (user, request) => {
      const delivery = await deliveryParties(db, request.params.id);
      if (!delivery) throw notFound('No such delivery.');
      const parties = [delivery.buyer_id, delivery.vendor_id, delivery.courier_id];
      if (!parties.includes(user.user_id)) throw forbidden('This delivery is not yours.');
      return (await findPosition(db, delivery.delivery_id)) ?? null;
    }),
  );
};
