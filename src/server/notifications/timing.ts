/** The pace of the notification workers; tests shorten it (harness), the product uses these. */
import { MESSAGE_DIGEST_MINUTES } from '#shared/notification-kinds.js';
import type { QueueTiming } from '#server/lib/queue.js';

/** `keepMs` also forgets read notifications; `maxAttempts` holds for events and pushes. */
export interface NotifyTiming extends QueueTiming {
  /** Push messages claimed and sent together (connections to one service are reused). */
  pushBatch: number;
  /** Push messages sent per second while people keep the server busy (request-pressure.ts). */
  busySendsPerSecond: number;
  /** A push service that does not answer within this is tried again later. */
  pushTimeoutMs: number;
  /** A push service's Retry-After is honoured up to this long. */
  maxRetryAfterMs: number;
  /** A message digest waits this long for more messages (and for them to be read). */
  digestDelayMs: number;
  /** Digests leave at most this often per person. */
  digestIntervalMs: number;
}

/** 10 s, 20 s, 40 s... up to 10 minutes, each a little shorter or longer (by a fifth). */
export function pushBackoff(attempt: number): number {
  const base = Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export const DEFAULT_NOTIFY_TIMING: NotifyTiming = {
  pollMs: 5_000,
  leaseMs: 60_000,
  pushBatch: 100,
  busySendsPerSecond: 40,
  pushTimeoutMs: 10_000,
  maxAttempts: 6,
  retryDelayMs: pushBackoff,
  maxRetryAfterMs: 15 * 60_000,
  digestDelayMs: 2 * 60_000,
  digestIntervalMs: MESSAGE_DIGEST_MINUTES * 60_000,
  keepMs: 90 * 24 * 60 * 60_000,
};
