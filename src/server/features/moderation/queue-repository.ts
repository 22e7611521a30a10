/** What moderators read: open reports grouped by target, and the audit trail. */
import {
  MODERATION_LIMITS,
  REPORTER_STANDINGS,
  REPORT_REASONS,
  type ReportTarget,
} from '#shared/moderation.js';
import {
  queueCursor,
  reportSnapshot,
  type QueuePosition,
  type ReportGroup,
  type ReportSnapshot,
} from '#shared/schemas/moderation.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { listingsWithHolds } from './holds-repository.js';
import { openReportsOn, rankedTargets, type QueueRank } from './queue-order-repository.js';
import { LISTING_SNAPSHOT_COLUMNS, listingSnapshotOf } from './reports-repository.js';

interface TargetFacts {
  summary: string;
  owner_id: number | null;
  owner_username: string | null;
  listing_id: number | null;
  hidden: boolean;
  owner_suspended: boolean;
  current: ReportSnapshot | null;
}

const GONE: TargetFacts = {
  summary: '(no longer exists)',
  owner_id: null,
  owner_username: null,
  listing_id: null,
  hidden: false,
  owner_suspended: false,
  current: null,
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
  facts: {
    summary: string;
    current: ReportSnapshot;
    listing_id?: number | null;
    hidden?: boolean;
  },
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
    .select(['listings.listing_id', ...LISTING_SNAPSHOT_COLUMNS, ...ownerColumns])
    .where('listings.listing_id', 'in', ids)
    .execute();
  return rows.map((r) =>
    targetRow(r.listing_id, r, {
      summary: r.held === null && r.listing_status === 'Deleted' ? `${r.title} (deleted)` : r.title,
      current: listingSnapshotOf(r),
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
  return rows.map((r) =>
    targetRow(r.user_id, r, { summary: r.username, current: { username: r.username } }),
  );
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
    targetRow(r.message_id, r, {
      summary: r.content,
      current: { text: r.content },
      listing_id: r.listing_id,
    }),
  );
}

/** The snapshot kept with a report; null on reports made before snapshots (or unreadable). */
function snapshotOf(text: string | null): ReportSnapshot | null {
  if (text === null) return null;
  try {
    const parsed = reportSnapshot.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const standingRank = (s: (typeof REPORTER_STANDINGS)[number]) => REPORTER_STANDINGS.indexOf(s);

export interface QueuePage {
  groups: ReportGroup[];
  /** Where the next page starts; null on the last. */
  next: string | null;
}

/**
 * One page of open reports grouped by what they name, the weightiest first (queue-order-
 * repository.ts), each target with its reports (the weightiest first), its reasons, what it is
 * now and what each report saw.
 */
export async function reportQueue(
  db: Db,
  page: { after?: QueuePosition; limit: number },
): Promise<QueuePage> {
  const ranked = await rankedTargets(db, page);
  const more = ranked.length > page.limit;
  const ranks = ranked.slice(0, page.limit);
  const idsOf = (type: ReportTarget) =>
    ranks.filter((r) => r.target_type === type).map((r) => r.target_id);
  const [reports, listings, users, messages] = await Promise.all([
    openReportsOn(
      db,
      (['listing', 'user', 'message'] as const).map((type) => ({ type, ids: idsOf(type) })),
    ),
    factsByTarget(idsOf('listing'), (ids) => listingFacts(db, ids)),
    factsByTarget(idsOf('user'), (ids) => userFacts(db, ids)),
    factsByTarget(idsOf('message'), (ids) => messageFacts(db, ids)),
  ]);
  const facts = { listing: listings, user: users, message: messages };
  reports.sort(
    (a, b) =>
      standingRank(b.standing) - standingRank(a.standing) ||
      b.severity - a.severity ||
      b.created_at.localeCompare(a.created_at) ||
      b.report_id - a.report_id,
  );
  const byTarget = new Map<string, typeof reports>();
  for (const r of reports) {
    const key = `${r.target_type}:${r.target_id}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), r]);
  }
  const groups = ranks.map((rank: QueueRank): ReportGroup => {
    const all = byTarget.get(`${rank.target_type}:${rank.target_id}`) ?? [];
    const reasons = REPORT_REASONS.map((reason) => ({
      reason,
      count: all.filter((r) => r.reason === reason).length,
    }))
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count);
    return {
      target_type: rank.target_type,
      target_id: rank.target_id,
      ...(facts[rank.target_type].get(rank.target_id) ?? GONE),
      count: rank.count,
      latest_at: rank.latest_at,
      reports: all.slice(0, MODERATION_LIMITS.reportsPerTarget).map((r) => ({
        report_id: r.report_id,
        reason: r.reason,
        note: r.note,
        reporter: r.reporter,
        created_at: r.created_at,
        standing: r.standing,
        snapshot: snapshotOf(r.snapshot),
      })),
      reasons,
      priority: rank.priority,
      cursor: queueCursor(rank),
    };
  });
  return { groups, next: more ? groups.at(-1)!.cursor : null };
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
