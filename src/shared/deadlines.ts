/**
 * How long the client waits, written once for the page and the service worker
 * (docs/decisions/021-lie-fi-and-idempotency-keys.md). Campus Wi-Fi can say it is connected while requests
 * hang for minutes: every request gives up at its deadline, which frees its connection, and
 * counts as a failure that is retried with backoff.
 */

/** A read. Above the 8 s a crawling network may take to answer, far below a hung one. */
export const READ_DEADLINE_MS = 10_000;
/** A write: the server may take longer, and a lost answer is repeated with the same key. */
export const WRITE_DEADLINE_MS = 15_000;
/** While requests fail on a network the browser calls online, a small check runs this often. */
export const PROBE_EVERY_MS = 2_000;
/** ...and gives up after this: the server answers it in milliseconds when the network works. */
export const PROBE_DEADLINE_MS = 3_000;
/** A courier's update is confirmed by the server or queued in the outbox within this. */
export const COURIER_UPDATE_DECIDE_MS = 1_500;
