/** What moderators read: open reports grouped by target, and the audit trail. */
import { MODERATION_LIMITS, type ReportTarget } from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/lib/shown-name.js';

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

async function listingFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, TargetFacts>();
  const rows = await db
    .selectFrom('listings')
    .innerJoin('products', 'products.product_id', 'listings.product_id')
    .innerJoin('users', 'users.user_id', 'listings.vendor_id')
    .leftJoin('listing_holds', 'listing_holds.listing_id', 'listings.listing_id')
    .select([
      'listings.listing_id',
      'listings.listing_status',
      'products.title',
      'users.user_id',
      shownUsername('users').as('username'),
      'users.suspended_at',
      'listing_holds.listing_id as held',
    ])
    .where('listings.listing_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.listing_id,
      {
        summary:
          r.held === null && r.listing_status === 'Deleted' ? `${r.title} (deleted)` : r.title,
        owner_id: r.user_id,
        owner_username: r.username,
        listing_id: r.listing_id,
        hidden: r.held !== null,
        owner_suspended: r.suspended_at !== null,
      },
    ]),
  );
}

async function userFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, TargetFacts>();
  const rows = await db
    .selectFrom('users')
    .select(['users.user_id', shownUsername('users').as('username'), 'users.suspended_at'])
    .where('user_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        summary: r.username,
        owner_id: r.user_id,
        owner_username: r.username,
        listing_id: null,
        hidden: false,
        owner_suspended: r.suspended_at !== null,
      },
    ]),
  );
}

async function messageFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, TargetFacts>();
  const rows = await db
    .selectFrom('direct_messages')
    .innerJoin('users', 'users.user_id', 'direct_messages.sender_id')
    .select([
      'direct_messages.message_id',
      'direct_messages.content',
      'direct_messages.listing_id',
      'users.user_id',
      shownUsername('users').as('username'),
      'users.suspended_at',
    ])
    .where('direct_messages.message_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.message_id,
      {
        summary: r.content,
        owner_id: r.user_id,
        owner_username: r.username,
        listing_id: r.listing_id,
        hidden: false,
        owner_suspended: r.suspended_at !== null,
      },
    ]),
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
    listing: await listingFacts(db, idsOf('listing')),
    user: await userFacts(db, idsOf('user')),
    message: await messageFacts(db, idsOf('message')),
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
