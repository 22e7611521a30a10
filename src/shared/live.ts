/** Live events pushed over server-sent events (GET /api/events). */
import { z } from 'zod';
import { numeric } from './schemas/common.js';

export {
  LIVE_EVENT_TYPES,
  SSE_HEARTBEAT_MS,
  SSE_REPLACED_EVENT,
  SSE_RETRY_MS,
  SSE_SILENCE_MS,
  type LiveEventType,
} from './live-stream.js';
/**
 * Open event streams one user may hold on an instance (phone, laptop, a few tabs). Opening one
 * more ends the oldest with the `replaced` event, so a reconnecting phone is never refused.
 */
export const MAX_STREAMS_PER_USER = 10;
/** The courier screen sends its position at most this often, or sooner after a real move. */
export const POSITION_MIN_INTERVAL_MS = 5_000;
export const POSITION_MIN_MOVE_METERS = 15;

export const positionBody = z.strictObject({
  lat: numeric(
    z
      .number({ message: 'lat must be between -90 and 90' })
      .finite()
      .min(-90, 'lat must be between -90 and 90')
      .max(90, 'lat must be between -90 and 90'),
  ),
  lng: numeric(
    z
      .number({ message: 'lng must be between -180 and 180' })
      .finite()
      .min(-180, 'lng must be between -180 and 180')
      .max(180, 'lng must be between -180 and 180'),
  ),
  accuracy: numeric(z.number().finite().min(0).max(100_000)).nullish(),
  at: z.iso.datetime({ offset: true, message: 'at must be an ISO date' }).optional(),
});
export type PositionBody = z.input<typeof positionBody>;

export const courierPosition = z.object({
  delivery_id: z.number(),
  courier_id: z.number(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.string(),
});
export type CourierPosition = z.infer<typeof courierPosition>;

/** Also used to throttle position updates; it lives with the campus coordinates. */
export { metersBetween } from './locations.js';
