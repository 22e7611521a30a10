import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { DELIVERY_REQUEST_STATUSES, DELIVERY_STATUSES } from '../delivery.js';
import { HANDOVER_CODE_PATTERN, PROOF_LIMITS, RETURN_REASONS } from '../handover.js';
import { dropoffLocations, pickupLocations } from '../locations.js';
import { choiceOf, flag, id, idParam, optionalText, spotChoice } from './common.js';
import { ratingValue } from './reviews.js';

export const dropoff = spotChoice(dropoffLocations, 'Dropoff');
export const pickup = spotChoice(pickupLocations, 'Pickup');

/** What every reader of an order sees of its listing: the title, picture and price. */
const orderedListing = {
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  price: z.number().nullable(),
};

export const deliveryRequest = z.object({
  delivery_request_id: z.number(),
  buyer_id: z.number(),
  vendor_id: z.number(),
  listing_id: z.number(),
  status: z.enum(DELIVERY_REQUEST_STATUSES),
  dropoff: z.string(),
  buyer_special_request: z.string(),
  created_at: z.string(),
  /** 1 when the buyer asked for a handover code (the delivery gets one on accept). */
  require_handover_code: z.number(),
  /** The buyer's words when they cancelled, else empty. */
  cancel_reason: z.string(),
  /**
   * Why a request was declined when not by its seller: "Sold to another buyer" once another
   * buyer's request for the listing was accepted. Null otherwise.
   */
  decline_reason: z.string().nullable(),
  ...orderedListing,
  username: z.string().nullable(),
});
export type DeliveryRequest = z.infer<typeof deliveryRequest>;

/** Why the buyer cancels: optional, in their words. */
const cancelReason = optionalText('Reason', PROOF_LIMITS.reason);

export const createDeliveryRequestBody = z.strictObject({
  buyer_id: id,
  vendor_id: id,
  listing_id: id,
  dropoff,
  buyer_special_request: optionalText('Special request', LIMITS.specialRequest),
  status: z.literal('Pending', { message: 'A new request is Pending' }).optional(),
  /** The original create form carries this; a new request's delivery is always Unassigned. */
  delivery_status: z.literal('Unassigned').optional(),
  /**
   * Beyond the spec: the courier must enter a code only the buyer sees to finish the drop-off.
   * Absent (as the original client sends) means no code.
   */
  require_handover_code: flag.optional(),
});
export type CreateDeliveryRequestBody = z.input<typeof createDeliveryRequestBody>;

/** The vendor declines (`Denied`), or the buyer takes a Pending request back (`Cancelled`). */
export const updateDeliveryRequestBody = z
  .strictObject({
    status: z.enum(['Denied', 'Cancelled'], {
      message: "Only 'Denied' (the seller) or 'Cancelled' (the buyer) can be set here",
    }),
    reason: cancelReason.optional(),
  })
  .refine((b) => b.status === 'Cancelled' || !b.reason, {
    message: 'Only a cancellation carries a reason',
    path: ['reason'],
  });
export type UpdateDeliveryRequestBody = z.input<typeof updateDeliveryRequestBody>;

export const listingBuyerQuery = z.strictObject({ userId: idParam, listingId: idParam });

export const acceptBody = z.strictObject({
  pickup,
  vendor_special_request: optionalText('Vendor special request', LIMITS.specialRequest),
});
export type AcceptBody = z.input<typeof acceptBody>;

export const deliveryInstruction = z.object({
  delivery_id: z.number(),
  delivery_request_id: z.number(),
  pickup: z.string(),
  dropoff: z.string(),
  seller_special_request: z.string(),
  vendor_special_request: z.string(),
  buyer_special_request: z.string(),
  buyer_id: z.number(),
  vendor_id: z.number(),
  courier_id: z.number().nullable(),
  product_id: z.number(),
  listing_id: z.number(),
  quantity: z.number(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  timestamp: z.string(),
  updated_at: z.string(),
  ...orderedListing,
  /** 1: drop-off needs the buyer's code. Everyone who may read the delivery knows it needs one. */
  handover_required: z.number(),
  /** Until when drop-off is refused after too many wrong codes (ISO time), else null. */
  handover_locked_until: z.string().nullable(),
  /** The courier's photo at drop-off (an image URL), else null. */
  proof_photo: z.string().nullable(),
  /** Why the courier brought the item back (Returned), else null. */
  return_reason: z.enum(RETURN_REASONS).nullable(),
  return_note: z.string(),
  /** The buyer's words when they cancelled (Cancelled), else empty. */
  cancel_reason: z.string(),
  /** The buyer's rating of the courier for this delivery (1-5), null until rated. */
  delivery_rating: z.number().nullable(),
});
export type DeliveryInstruction = z.infer<typeof deliveryInstruction>;

/** A delivery in its courier's own list: also the buyer's words with their rating. */
export const courierDeliveryInstruction = deliveryInstruction.extend({
  delivery_rating_comment: z.string().nullable().optional(),
});
export type CourierDeliveryInstruction = z.infer<typeof courierDeliveryInstruction>;

/**
 * A delivery in its buyer's own list (GET /api/delivery_instruction): the only answer that
 * carries the handover code. No other answer, event or log line does.
 */
export const ownDeliveryInstruction = deliveryInstruction.extend({
  handover_code: z.string().nullable().optional(),
  /** As its buyer: the first name of the courier holding it, else null. */
  courier_first_name: z.string().nullable().optional(),
  /** As its buyer: 1 once a courier gave it up (it went back to Unassigned), else 0. */
  courier_gave_up: z.number().optional(),
});
export type OwnDeliveryInstruction = z.infer<typeof ownDeliveryInstruction>;

/** Device time of a status change made offline and replayed later (ISO 8601). */
const deviceTime = z.iso.datetime({ offset: true, message: 'device_time must be an ISO date' });

/** The buyer's code as the courier types it: four digits (spaces between them are fine). */
export const handoverCode = z
  .string({ message: 'The handover code is 4 digits' })
  .transform((text) => text.replace(/\s+/g, ''))
  .pipe(z.string().regex(HANDOVER_CODE_PATTERN, 'The handover code is 4 digits'));

const returnReason = choiceOf(
  RETURN_REASONS,
  `Say why the item goes back: ${RETURN_REASONS.join(', ')}`,
);

/**
 * Every move of a delivery (docs/api.md lists who may make which). Beyond the spec: a drop-off
 * may carry the buyer's `handover_code` and the courier's `proof_photo` (base64 or a data URL,
 * through the image pipeline); a return needs a `reason` (and may carry a `note`); a buyer's
 * cancellation may carry a `reason` in their words.
 */
export const updateDeliveryBody = z
  .strictObject({
    delivery_status: z.enum(DELIVERY_STATUSES, {
      message: `Status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
    }),
    courier_id: id.nullable().optional(),
    device_time: deviceTime.optional(),
    handover_code: handoverCode.optional(),
    proof_photo: z.string({ message: 'The photo must be base64 image data' }).optional(),
    reason: z
      .string({ message: 'The reason must be text' })
      .trim()
      .max(PROOF_LIMITS.reason, `The reason must be at most ${PROOF_LIMITS.reason} characters`)
      .optional(),
    note: optionalText('Note', PROOF_LIMITS.reason).optional(),
  })
  .superRefine((b, ctx) => {
    const only = (field: keyof typeof b, statuses: string[], what: string) => {
      if (b[field] !== undefined && !statuses.includes(b.delivery_status))
        ctx.addIssue({ code: 'custom', path: [field], message: `${what}` });
    };
    only('handover_code', ['Delivered'], 'A handover code goes with Delivered');
    only('proof_photo', ['Delivered'], 'A photo goes with Delivered');
    only('reason', ['Returned', 'Cancelled'], 'A reason goes with Returned or Cancelled');
    only('note', ['Returned'], 'A note goes with Returned');
    if (b.delivery_status === 'Returned' && !returnReason.safeParse(b.reason).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `Say why the item goes back: ${RETURN_REASONS.join(', ')}`,
      });
    }
  })
  .transform((b) => ({
    ...b,
    reason:
      b.delivery_status === 'Returned' ? returnReason.parse(b.reason) : (b.reason ?? undefined),
  }));
export type UpdateDeliveryBody = z.input<typeof updateDeliveryBody>;

/** POST /api/delivery_instruction/{id}/rating: the buyer rates the courier, once. */
export const deliveryRatingBody = z.strictObject({
  rating: ratingValue,
  comment: optionalText('Comment', PROOF_LIMITS.ratingComment),
});
export type DeliveryRatingBody = z.input<typeof deliveryRatingBody>;

export const deliveryRating = z.object({
  delivery_id: z.number(),
  courier_id: z.number().nullable(),
  rating: z.number(),
  comment: z.string(),
  created_at: z.string(),
});
export type DeliveryRating = z.infer<typeof deliveryRating>;

export const deliveryParams = z.strictObject({ id: idParam });
export const courierParams = z.strictObject({ user_id: idParam });
export const acceptParams = z.strictObject({ deliveryRequestId: idParam });

/** One status change, with the server's time and, for offline replays, the device's. */
export const deliveryEvent = z.object({
  delivery_status: z.enum(DELIVERY_STATUSES),
  courier_id: z.number().nullable(),
  actor_id: z.number(),
  at: z.string(),
  device_at: z.string().nullable(),
  /**
   * 1 when the device's time lay outside the delivery's life (before it was created, or ahead
   * of the server's clock by more than DEVICE_TIME_AHEAD_MS) and `device_at` is clamped into it.
   */
  device_at_adjusted: z.number(),
});
export type DeliveryEvent = z.infer<typeof deliveryEvent>;
