/** What the gauges read from the shared database at each scrape (a few indexed counts). */
import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/delivery.js';
import type { Db, MailStatus, QueueStatus } from '#server/db/schema.js';

/** Queue statuses worth watching: waiting to leave, and given up. */
export const WATCHED_QUEUE_STATUSES = [
  'queued',
  'sending',
  'failed',
] as const satisfies readonly (MailStatus & QueueStatus)[];

/** The shared queues: mails, push messages, and domain events still to be told. */
export type WatchedQueue = 'mail_outbox' | 'push_outbox' | 'notification_events';

/** How many rows of `queue` wait or were given up, by status. */
export async function queueCounts(db: Db, queue: WatchedQueue) {
  const rows = await db
    // The three tables share the status column and its values.
    .selectFrom(queue as 'mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', WATCHED_QUEUE_STATUSES)
    .groupBy('status')
    .execute();
  const counts: Record<string, number> = Object.fromEntries(
    WATCHED_QUEUE_STATUSES.map((s) => [s, 0]),
  );
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function deliveryCounts(db: Db): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .selectFrom('delivery_instructions')
    .select(['delivery_status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('delivery_status')
    .execute();
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<
    DeliveryStatus,
    number
  >;
  for (const row of rows) counts[row.delivery_status] = Number(row.n);
  return counts;
}
