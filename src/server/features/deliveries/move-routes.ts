import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDeliveryTransition, type DeliveryStatus } from '#shared/delivery.js';
import { IMAGE_MAX_BYTES } from '#shared/constants.js';
import {
  deliveryInstruction,
  deliveryParams,
  updateDeliveryBody,
} from '#shared/schemas/deliveries.js';
import { conflict, notFound } from '#server/lib/http-error.js';
import { decodeBase64Image, storeImage } from '#server/lib/images.js';
import { asCaller, owns, rawChoice, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { recordSale } from '#server/safety/sale-holds-repository.js';
import { checkHandoverCode } from './handover.js';
import {
  attachProofPhoto,
  clearCourierPosition,
  findInstruction,
  insertDeliveryEvent,
  moveInstruction,
  settleRequest,
  type MoveDetails,
} from './repository.js';
import { authorizeMove, clampDeviceTime, illegalMoveMessage, mayMove } from './rules.js';

/** A drop-off may carry the courier's photo: base64 of a 10 MB picture and the other fields. */
const MOVE_BODY_LIMIT = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Whose delivery it is after a move: nobody's once given up, else the holder stays. */
function courierAfter(to: DeliveryStatus, holder: number | null, actor: number): number | null {
  if (to === 'Unassigned') return null;
  if (to === 'Cancelled') return holder;
  return to === 'Assigned' ? actor : holder;
}

/**
 * PUT /api/delivery_instruction/{id}: every move of the delivery state machine (src/shared/
 * delivery.ts), by whoever may make it (rules.ts). Repeats are 200, so offline replays are
 * harmless; a drop-off asked for with a code needs the buyer's code (handover.ts).
 */
export const deliveryMoveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.put(
    '/api/delivery_instruction/:id',
    {
      bodyLimit: MOVE_BODY_LIMIT,
      ...signedIn(
        // Claiming a delivery is carrying it; the later moves belong to whoever holds it.
        verifiedEmail((request) => rawChoice(request, 'delivery_status') === 'assigned'),
        owns('params', 'id', async (deliveryId, user, request) => {
          const found = await findInstruction(db, deliveryId);
          const asked = (request.body as { delivery_status?: unknown } | null)?.delivery_status;
          if (!found || mayMove(user, found, asked)) return undefined;
          return asked === 'Cancelled'
            ? 'Only the buyer can cancel this delivery.'
            : 'This delivery is not yours.';
        }),
      ),
      // A courier's move carries the key of its tap in every replay (decision 021).
      ...idempotent(),
      schema: {
        params: deliveryParams,
        body: updateDeliveryBody,
        response: { 200: deliveryInstruction },
      },
    },
    asCaller(async (user, request) => {
      const body = request.body;
      const to = body.delivery_status;
      const found = await findInstruction(db, request.params.id);
      if (!found) throw notFound('No such delivery.');
      const from = found.delivery_status;
      authorizeMove(user, found, to, body.courier_id);

      const check = checkDeliveryTransition(from, to);
      if (check === 'illegal') throw conflict(illegalMoveMessage(from, to));
      // Data that is no image at all is refused before a code try is spent.
      const photoBytes =
        body.proof_photo === undefined ? null : decodeBase64Image(body.proof_photo);
      if (check === 'repeat') {
        // A replayed drop-off whose first answer was lost brings its photo again.
        if (!photoBytes || to !== 'Delivered' || found.proof_photo) return found;
        await attachProofPhoto(db, found.delivery_id, await storeImage(photoBytes, app.images));
        return (await findInstruction(db, found.delivery_id))!;
      }
      if (to === 'Delivered' && found.handover_required === 1) {
        await checkHandoverCode(app, found, body.handover_code, user.user_id);
      }
      // Decoded, re-encoded and stripped of its metadata like every picture (lib/images.ts).
      const photo = photoBytes ? await storeImage(photoBytes, app.images) : null;

      const details: MoveDetails = {
        ...(photo && { proof_photo: photo }),
        ...(to === 'Returned' && {
          return_reason: body.reason as MoveDetails['return_reason'],
          return_note: body.note ?? '',
        }),
        ...(to === 'Cancelled' && { cancel_reason: body.reason ?? '' }),
      };
      const courierId = courierAfter(to, found.courier_id, user.user_id);
      const moved = await db.transaction().execute(async (trx) => {
        const ok = await moveInstruction(trx, found.delivery_id, {
          from,
          to,
          // The buyer cancels whoever holds it; a courier moves only what they hold.
          heldBy: to === 'Cancelled' ? 'anyone' : to === 'Assigned' ? null : user.user_id,
          courierId,
          details,
        });
        if (!ok) return false;
        if (to !== 'Assigned' && to !== 'Picked Up')
          await clearCourierPosition(trx, found.delivery_id);
        // The buyer's order ends with its delivery: they may ask again.
        if (to === 'Cancelled')
          await settleRequest(trx, found.delivery_request_id, 'Cancelled', {
            from: 'Approved',
            reason: body.reason ?? '',
          });
        await insertDeliveryEvent(trx, {
          delivery_id: found.delivery_id,
          delivery_status: to,
          courier_id: courierId,
          actor_id: user.user_id,
          ...clampDeviceTime(body.device_time, found.timestamp),
        });
        return true;
      });
      const current = (await findInstruction(db, found.delivery_id))!;
      if (moved) {
        // A delivered item is a sale on record, at the order's agreed price.
        if (to === 'Delivered') {
          await recordSale(db, {
            listing_id: current.listing_id,
            seller_id: current.vendor_id,
            buyer_id: current.buyer_id,
            agreed_price_cents: Math.round((current.price ?? 0) * 100),
            how: 'delivery',
          });
        }
        await app.notify({
          type: 'delivery.moved',
          actorId: user.user_id,
          from,
          delivery: current,
        });
        return current;
      }
      // Someone else moved it first: a repeat of what we wanted is still a success.
      if (current.delivery_status === to && current.courier_id === courierId) return current;
      if (current.delivery_status === 'Cancelled')
        throw conflict(illegalMoveMessage('Cancelled', to));
      throw conflict(
        to === 'Assigned'
          ? 'Another courier already took this delivery.'
          : 'This delivery was changed by someone else.',
      );
    }),
  );
};
