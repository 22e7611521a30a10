import type { ReportReason, ReportTarget } from '#shared/moderation.js';
import type { ReportSnapshot } from '#shared/schemas/moderation.js';
import { hasRow } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';
import { listingsWithHolds } from './holds-repository.js';

/** A reportable target: who answers for it, and what it says now (kept with the report). */
export interface ReportableTarget {
  ownerId: number;
  receiverId?: number;
  snapshot: ReportSnapshot;
}

/**
 * What a report names, as the reporter may see it: a listing that is up or hidden (not one its
 * seller deleted), any user, a message the reporter received. Its owner is who answers for it.
 */
export async function reportableTarget(
  db: Db,
  type: ReportTarget,
  targetId: number,
  reporterId: number,
): Promise<ReportableTarget | undefined> {
  if (type === 'listing') {
    const row = await listingsWithHolds(db)
      .select(['listings.vendor_id', ...LISTING_SNAPSHOT_COLUMNS])
      .where('listings.listing_id', '=', targetId)
      .executeTakeFirst();
    if (!row || (row.listing_status === 'Deleted' && row.held === null)) return undefined;
    return { ownerId: row.vendor_id, snapshot: listingSnapshotOf(row) };
  }
  if (type === 'user') {
    const row = await db
      .selectFrom('users')
      .select(['user_id', shownUsername('users').as('username')])
      .where('user_id', '=', targetId)
      .executeTakeFirst();
    return row && { ownerId: row.user_id, snapshot: { username: row.username } };
  }
  const row = await db
    .selectFrom('direct_messages')
    .select(['sender_id', 'receiver_id', 'content'])
    .where('message_id', '=', targetId)
    .where((eb) => eb.or([eb('sender_id', '=', reporterId), eb('receiver_id', '=', reporterId)]))
    .executeTakeFirst();
  return (
    row && { ownerId: row.sender_id, receiverId: row.receiver_id, snapshot: { text: row.content } }
  );
}

/**
 * What a listing's snapshot and whether it is hidden or deleted are read from, in a query of
 * listingsWithHolds.
 */
export const LISTING_SNAPSHOT_COLUMNS = [
  'listings.listing_status',
  'listings.price_cents',
  'products.title',
  'products.description',
  'products.thumbnail',
  'listing_holds.listing_id as held',
] as const;

/** A listing's row as the queue shows it: the same shape for the snapshot and the target now. */
export const listingSnapshotOf = (row: {
  title: string;
  description: string;
  price_cents: number;
  thumbnail: string | null;
}) => ({
  title: row.title,
  description: row.description,
  price: row.price_cents / 100,
  photo: row.thumbnail,
});

export function hasOpenReport(db: Db, reporterId: number, type: ReportTarget, targetId: number) {
  return hasRow(
    db
      .selectFrom('reports')
      .select('report_id')
      .where('reporter_id', '=', reporterId)
      .where('target_type', '=', type)
      .where('target_id', '=', targetId)
      .where('status', '=', 'open'),
  );
}

export interface NewReport {
  reporter_id: number;
  target_type: ReportTarget;
  target_id: number;
  reason: ReportReason;
  note: string;
  snapshot: ReportSnapshot;
}

export function insertReport(db: Db, { snapshot, ...report }: NewReport) {
  return db
    .insertInto('reports')
    .values({ ...report, snapshot: JSON.stringify(snapshot), created_at: nowIso() })
    .returning(['report_id', 'target_type', 'target_id', 'reason', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function findReport(db: Db, reportId: number) {
  return db.selectFrom('reports').selectAll().where('report_id', '=', reportId).executeTakeFirst();
}

/** The ids of everything of this kind with an open report. */
export async function openReportTargets(db: Db, type: ReportTarget): Promise<number[]> {
  const open = await db
    .selectFrom('reports')
    .select('target_id')
    .where('status', '=', 'open')
    .where('target_type', '=', type)
    .execute();
  return open.map((r) => r.target_id);
}

/** Closes open reports: one (dismissed) or all on a target a moderator acted on (actioned). */
export async function resolveReports(
  db: Db,
  where: { reportId: number } | { type: ReportTarget; targetIds: number[] },
  status: 'dismissed' | 'actioned',
  moderatorId: number,
) {
  if ('targetIds' in where && where.targetIds.length === 0) return;
  await db
    .updateTable('reports')
    .set({ status, resolved_by: moderatorId, resolved_at: nowIso() })
    .where('status', '=', 'open')
    .$if('reportId' in where, (q) =>
      q.where('report_id', '=', (where as { reportId: number }).reportId),
    )
    .$if('targetIds' in where, (q) => {
      const w = where as { type: ReportTarget; targetIds: number[] };
      return q.where('target_type', '=', w.type).where('target_id', 'in', w.targetIds);
    })
    .execute();
}
