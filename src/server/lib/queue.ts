/**
 * What the queues in the database (mail, notification events, push) share: how a worker claims
 * rows that are due, so that of several workers on several instances exactly one gets each row
 * (docs/decisions/017-mail-queue.md), and how a row goes back for a retry or is given up. The
 * statements are in queue-repository.ts.
 */
import type { Selectable } from 'kysely';
import type { DialectName } from '#server/db/connect.js';
import type { Database, Db } from '#server/db/schema.js';
import { claimDue, type QueueTable } from './queue-repository.js';
import { isoIn } from './time.js';

/** The pace of a queue's worker (mail, notifications, push); tests shorten it. */
export interface QueueTiming {
  /** How often the queue is looked at when nothing wakes the worker (retries, other instances). */
  pollMs: number;
  /** How long a claim holds a row; a worker that stops mid-send frees it after this. */
  leaseMs: number;
  /** Attempts before a row is given up. */
  maxAttempts: number;
  /** The pause after the n-th failed attempt. */
  retryDelayMs: (attempt: number) => number;
  /** Rows that left, or were given up, are forgotten after this long. */
  keepMs: number;
}

/**
 * A worker's round: batches of due rows, each claimed for `leaseMs` when the one before it is
 * handled, until nothing is due or the worker stops.
 */
export async function* dueBatches<T extends QueueTable>(
  queue: { db: Db; dialect: DialectName; table: T },
  options: { leaseMs: number; size: number; stopped: () => boolean },
): AsyncGenerator<Selectable<Database[T]>[]> {
  while (!options.stopped()) {
    const batch = await claimDue(
      queue.db,
      queue.dialect,
      queue.table,
      isoIn(options.leaseMs),
      options.size,
    );
    if (batch.length === 0) return;
    yield batch;
  }
}

/** The error's first line, short: enough to tell why in the log and the table. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}
