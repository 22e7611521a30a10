/** What the gauges read from the shared database at each scrape (a few indexed counts). */
import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/delivery.js';
import type { Db, MailStatus } from '#server/db/schema.js';

/** Mail statuses worth watching: waiting to leave, and given up. */
export const WATCHED_MAIL_STATUSES = [
  'queued',
  'sending',
  'failed',
] as const satisfies readonly MailStatus[];

export async function mailQueueCounts(db: Db) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', WATCHED_MAIL_STATUSES)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(WATCHED_MAIL_STATUSES.map((s) => [s, 0]));
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
