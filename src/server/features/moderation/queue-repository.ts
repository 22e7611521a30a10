/** What moderators read: open reports grouped by target, and the audit trail. */
import { MODERATION_LIMITS, type ReportTarget } from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/lib/shown-name.js';
import { listingsWithHolds } from './holds-repository.js';

/** Open reports considered at once: the oldest wait for the next read once these are handled. */
const QUEUE_REPORTS = 1000;

interface TargetFacts {
  summary: string;
  owner_id: number | null;
  owner_username: string | null;
  listing_id: number | null;
  hidden: boolean;
  owner_suspended: boolean;
}

const GONE: TargetFacts = {
  summary: '(no longer exists)',
  owner_id: null,
  owner_username: null,
  listing_id: null,
  hidden: false,
  owner_suspended: false,
};

/** The account a reported thing belongs to, as the queue names it. */
const ownerColumns = [
  'users.user_id',
  shownUsername('users').as('username'),
  'users.suspended_at',
] as const;

type TargetRow = TargetFacts & { target_id: number };

/** A reported target's row: what it is and who owns it; no listing and not hidden unless said. */
function targetRow(
  target_id: number,
  owner: { user_id: number; username: string; suspended_at: string | null },
  facts: { summary: string; listing_id?: number | null; hidden?: boolean },
): TargetRow {
  return {
    target_id,
    listing_id: null,
    hidden: false,
    ...facts,
    owner_id: owner.user_id,
    owner_username: owner.username,
    owner_suspended: owner.suspended_at !== null,
  };
}

/** The facts of the reported targets of one kind by id; nothing is read when none is reported. */
async function factsByTarget(ids: number[], read: (ids: number[]) => Promise<TargetRow[]>) {
  if (ids.length === 0) return new Map<number, TargetFacts>();
  const rows = await read(ids);
  return new Map(rows.map(({ target_id, ...facts }) => [target_id, facts]));
}

async function listingFacts(db: Db, ids: number[]): Promise<TargetRow[]> {
  const rows = await listingsWithHolds(db)
    .innerJoin('users', 'users.user_id', 'listings.vendor_id')
    .select([
      'listings.listing_id',
      'listings.listing_status',
      'products.title',
      'listing_holds.listing_id as held',
      ...ownerColumns,
    ])
    .where('listings.listing_id', 'in', ids)
    .execute();
  return rows.map((r) =>
    targetRow(r.listing_id, r, {
      summary: r.held === null && r.listing_status === 'Deleted' ? `${r.title} (deleted)` : r.title,
      listing_id: r.listing_id,
      hidden: r.held !== null,
    }),
  );
}

async function userFacts(db: Db, ids: number[]): Promise<TargetRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(ownerColumns)
    .where('users.user_id', 'in', ids)
    .execute();
  return rows.map((r) => targetRow(r.user_id, r, { summary: r.username }));
}

async function messageFacts(db: Db, ids: number[]): Promise<TargetRow[]> {
  const rows = await db
    .selectFrom('direct_messages')
    .innerJoin('users', 'users.user_id', 'direct_messages.sender_id')
    .select([
      'direct_messages.message_id',
      'direct_messages.content',
      'direct_messages.listing_id',
      ...ownerColumns,
    ])
    .where('direct_messages.message_id', 'in', ids)
    .execute();
  return rows.map((r) =>
    targetRow(r.message_id, r, { summary: r.content, listing_id: r.listing_id }),
  );
}

/** Open reports grouped by what they name, the most reported first, then the latest. */
export async function reportQueue(db: Db): Promise<ReportGroup[]> {
  const reports = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.user_id', 'reports.reporter_id')
    .select([
      'reports.report_id',
      'reports.target_type',
      'reports.target_id',
      'reports.reason',
      'reports.note',
      'reports.created_at',
      shownUsername('users').as('reporter'),
    ])
    .where('reports.status', '=', 'open')
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.report_id', 'desc')
    .limit(QUEUE_REPORTS)
    .execute();
  const idsOf = (type: ReportTarget) => [
    ...new Set(reports.filter((r) => r.target_type === type).map((r) => r.target_id)),
  ];
  const facts = {
    listing: await factsByTarget(idsOf('listing'), (ids) => listingFacts(db, ids)),
    user: await factsByTarget(idsOf('user'), (ids) => userFacts(db, ids)),
    message: await factsByTarget(idsOf('message'), (ids) => messageFacts(db, ids)),
  };
  const groups = new Map<string, ReportGroup>();
  for (const r of reports) {
    const key = `${r.target_type}:${r.target_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        target_type: r.target_type,
        target_id: r.target_id,
        ...(facts[r.target_type].get(r.target_id) ?? GONE),
        count: 0,
        latest_at: r.created_at,
        reports: [],
      };
      groups.set(key, group);
    }
    group.count++;
    group.reports.push({
      report_id: r.report_id,
      reason: r.reason,
      note: r.note,
      reporter: r.reporter,
      created_at: r.created_at,
    });
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || b.latest_at.localeCompare(a.latest_at),
  );
}

/** The latest decisions first. */
export async function auditTrail(db: Db) {
  const rows = await db
    .selectFrom('moderation_audit')
    .leftJoin('users', 'users.user_id', 'moderation_audit.moderator_id')
    .select([
      'moderation_audit.audit_id',
      'moderation_audit.moderator_id',
      'moderation_audit.actor',
      'moderation_audit.action',
      'moderation_audit.target_type',
      'moderation_audit.target_id',
      'moderation_audit.target_label',
      'moderation_audit.reason',
      'moderation_audit.created_at',
      shownUsername<string | null>('users').as('username'),
    ])
    .orderBy('moderation_audit.audit_id', 'desc')
    .limit(MODERATION_LIMITS.auditPage)
    .execute();
  return rows.map((r) => ({
    audit_id: r.audit_id,
    moderator_id: r.moderator_id,
    moderator: r.username ?? r.actor,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    target: r.target_label,
    reason: r.reason,
    created_at: r.created_at,
  }));
}
