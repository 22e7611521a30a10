/**
 * The event stream's events and timing, free of zod so the browser's stream code can import it
 * (docs/decisions/012-live-events.md, 021-lie-fi-and-idempotency-keys.md).
 */

export const LIVE_EVENT_TYPES = [
  'message.created',
  'delivery.updated',
  /** `{ delivery_id }`: a delivery left the Unassigned pool (another courier took it). */
  'delivery.removed',
  'courier.position',
  /** New notifications for the user: the bell and the notification centre refetch. */
  'notification.created',
  /** An offer changed (`{ offer }`): its buyer and seller refetch it (docs/api.md, "Sales"). */
  'offer.updated',
  /** A hold began, changed or ended (`{ hold }`): its listing's readers refetch it. */
  'hold.updated',
  /**
   * A meeting on campus changed (`{ meeting }`, its `handover_code` always null: the buyer's
   * own read has it): its buyer and seller refetch it.
   */
  'meeting.updated',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
/** The event that ends a stream a newer one of the same user replaced: do not reconnect it. */
export const SSE_REPLACED_EVENT = 'replaced';

/**
 * The stream sends a `heartbeat` event this often: proxies and phones keep it open, and the
 * browser can tell a quiet stream from a dead one (campus Wi-Fi that hangs closes nothing).
 */
export const SSE_HEARTBEAT_MS = 15_000;
/** How soon a client reconnects after the stream drops (the SSE `retry:` field). */
export const SSE_RETRY_MS = 3_000;
/** A stream that said nothing, not even a heartbeat, for this long is dead: open a new one. */
export const SSE_SILENCE_MS = 2 * SSE_HEARTBEAT_MS + 5_000;
/**
 * The stream's `ready` says how long ago the user's last event was (`last_event_ms_ago`), when
 * one came within this long. A page shows data fetched before its stream was open (the stream
 * starts after the first render); an event in between would otherwise wait for the next poll.
 */
export const SSE_RECENT_EVENT_MS = 10 * 60_000;

/** The `ready` event's data. */
export interface SseReady {
  user_id: number;
  /** Since this user's last event (or the pool's, for a courier on shift); null: none recently. */
  last_event_ms_ago: number | null;
}
