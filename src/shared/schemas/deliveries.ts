import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { DELIVERY_REQUEST_STATUSES, DELIVERY_STATUSES } from '../delivery.js';
import { DROPOFF_LOCATIONS, PICKUP_LOCATIONS } from '../locations.js';
import { id, idParam, optionalText } from './common.js';

export const dropoff = z.enum(DROPOFF_LOCATIONS, {
  message: `Dropoff must be one of: ${DROPOFF_LOCATIONS.join(', ')}`,
});
export const pickup = z.enum(PICKUP_LOCATIONS, {
  message: `Pickup must be one of: ${PICKUP_LOCATIONS.join(', ')}`,
});

export const deliveryRequest = z.object({
  delivery_request_id: z.number(),
  buyer_id: z.number(),
  vendor_id: z.number(),
  listing_id: z.number(),
  status: z.enum(DELIVERY_REQUEST_STATUSES),
  dropoff: z.enum(DROPOFF_LOCATIONS),
  buyer_special_request: z.string(),
  created_at: z.string(),
  /**
   * Why a request was declined when not by its seller: "Sold to another buyer" once another
   * buyer's request for the listing was accepted. Null otherwise.
   */
  decline_reason: z.string().nullable(),
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  price: z.number().nullable(),
  username: z.string().nullable(),
});
export type DeliveryRequest = z.infer<typeof deliveryRequest>;

export const createDeliveryRequestBody = z.strictObject({
  buyer_id: id,
  vendor_id: id,
  listing_id: id,
  dropoff,
  buyer_special_request: optionalText('Special request', LIMITS.specialRequest),
  status: z.literal('Pending', { message: 'A new request is Pending' }).optional(),
  /** The original create form carries this; a new request's delivery is always Unassigned. */
  delivery_status: z.literal('Unassigned').optional(),
});
export type CreateDeliveryRequestBody = z.input<typeof createDeliveryRequestBody>;

export const updateDeliveryRequestBody = z.strictObject({
  status: z.literal('Denied', {
    message: "Only 'Denied' can be set here; accept creates a delivery",
  }),
});

export const listingBuyerQuery = z.strictObject({ userId: idParam, listingId: idParam });

export const acceptBody = z.strictObject({
  pickup,
  vendor_special_request: optionalText('Vendor special request', LIMITS.specialRequest),
});
export type AcceptBody = z.input<typeof acceptBody>;

export const deliveryInstruction = z.object({
  delivery_id: z.number(),
  delivery_request_id: z.number(),
  pickup: z.enum(PICKUP_LOCATIONS),
  dropoff: z.enum(DROPOFF_LOCATIONS),
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
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  price: z.number().nullable(),
});
export type DeliveryInstruction = z.infer<typeof deliveryInstruction>;

/** Device time of a status change made offline and replayed later (ISO 8601). */
const deviceTime = z.iso.datetime({ offset: true, message: 'device_time must be an ISO date' });

export const updateDeliveryBody = z.strictObject({
  delivery_status: z.enum(DELIVERY_STATUSES, {
    message: `Status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
  }),
  courier_id: id.nullable().optional(),
  device_time: deviceTime.optional(),
});
export type UpdateDeliveryBody = z.input<typeof updateDeliveryBody>;

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
