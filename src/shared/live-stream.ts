/**
 * The event stream's timing, free of zod so the browser's stream code can import it
 * (docs/decisions/012-live-events.md, 021-lie-fi-and-idempotency-keys.md).
 */

/**
 * The stream sends a `heartbeat` event this often: proxies and phones keep it open, and the
 * browser can tell a quiet stream from a dead one (campus Wi-Fi that hangs closes nothing).
 */
export const SSE_HEARTBEAT_MS = 15_000;
/** How soon a client reconnects after the stream drops (the SSE `retry:` field). */
export const SSE_RETRY_MS = 3_000;
/** A stream that said nothing, not even a heartbeat, for this long is dead: open a new one. */
export const SSE_SILENCE_MS = 2 * SSE_HEARTBEAT_MS + 5_000;
