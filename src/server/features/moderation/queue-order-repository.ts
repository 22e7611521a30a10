/**
 * The queue's order (docs/decisions/020-moderation.md): every open report weighed by its
 * reason's severity and its reporter's standing, each reported target ranked by the sum, with
 * reports from new accounts together capped below one established reporter's. Computed over all
 * open reports (no cap on how many are read), a page at a time after a cursor.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import {
  REPORT_SEVERITY,
  REPORT_WEIGHING,
  type ReporterStanding,
  type ReportTarget,
} from '#shared/moderation.js';
import type { QueuePosition } from '#shared/schemas/moderation.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';

const DAY_MS = 24 * 60 * 60_000;
const { weight, newcomersCap, doubtfulAfterDismissed, establishedAfterDays } = REPORT_WEIGHING;

/** The reason's severity, written out as literals (a bound number would be text to PostgreSQL). */
const severity = sql<number>`case r.reason ${sql.join(
  Object.entries(REPORT_SEVERITY).map(
    ([reason, points]) => sql`when ${reason} then ${sql.lit(points)}`,
  ),
  sql` `,
)} else 0 end`;

/** Open reports with their reporter's standing and their reason's severity. */
export function weighedOpenReports(db: Db, now = Date.now()) {
  const newerThan = new Date(now - establishedAfterDays * DAY_MS).toISOString();
  // Reporters' records: how many of their reports moderators upheld (actioned) or dismissed.
  const record = db
    .selectFrom('reports')
    .select((eb) => [
      'reporter_id',
      eb.fn
        .sum<number>(
          eb.case().when('status', '=', 'actioned').then(eb.lit(1)).else(eb.lit(0)).end(),
        )
        .as('upheld'),
      eb.fn
        .sum<number>(
          eb.case().when('status', '=', 'dismissed').then(eb.lit(1)).else(eb.lit(0)).end(),
        )
        .as('dismissed'),
    ])
    .where('status', '<>', 'open')
    .where('reporter_id', 'in', (eb) =>
      eb.selectFrom('reports as o').select('o.reporter_id').where('o.status', '=', 'open'),
    )
    .groupBy('reporter_id');
  const upheld = sql`coalesce(rec.upheld, 0)`;
  const dismissed = sql`coalesce(rec.dismissed, 0)`;
  const standing = sql<ReporterStanding>`case
    when u.suspended_at is not null
      or (${dismissed} >= ${sql.lit(doubtfulAfterDismissed)} and ${dismissed} > ${upheld})
      then 'doubtful'
    when u.email_verified = 0 or u.created_at > ${newerThan} then 'new'
    when ${upheld} > ${dismissed} then 'trusted'
    else 'established' end`;
  return db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.user_id', 'r.reporter_id')
    .leftJoin(record.as('rec'), 'rec.reporter_id', 'r.reporter_id')
    .select([
      'r.report_id',
      'r.target_type',
      'r.target_id',
      'r.reason',
      'r.note',
      'r.created_at',
      'r.snapshot',
      shownUsername('u').as('reporter'),
      standing.as('standing'),
      severity.as('severity'),
    ])
    .where('r.status', '=', 'open');
}

export interface QueueRank {
  target_type: ReportTarget;
  target_id: number;
  count: number;
  latest_at: string;
  priority: number;
}

type Ranked = { q: QueueRank };

/** The targets after `after` in the queue's order: strictly after, so no page repeats one. */
function afterPosition(eb: ExpressionBuilder<Ranked, 'q'>, after: QueuePosition) {
  const samePriority = eb('q.priority', '=', after.priority);
  const sameTime = eb('q.latest_at', '=', after.latest_at);
  return eb.or([
    eb('q.priority', '<', after.priority),
    eb.and([samePriority, eb('q.latest_at', '<', after.latest_at)]),
    eb.and([samePriority, sameTime, eb('q.target_type', '>', after.target_type)]),
    eb.and([
      samePriority,
      sameTime,
      eb('q.target_type', '=', after.target_type),
      eb('q.target_id', '<', after.target_id),
    ]),
  ]);
}

/**
 * One page of reported targets, the weightiest first, then the latest reported; the target
 * breaks ties so the order is total and a cursor names one place in it. Asks for one more than
 * `limit` so the caller knows whether another page follows.
 */
export async function rankedTargets(
  db: Db,
  page: { after?: QueuePosition; limit: number },
): Promise<QueueRank[]> {
  const points = sql<number>`case w.standing
    when 'established' then ${sql.lit(weight.established)} * w.severity
    when 'trusted' then ${sql.lit(weight.trusted)} * w.severity
    else 0 end`;
  const newcomers = sql<number>`case when w.standing = 'new' then w.severity else 0 end`;
  const groups = db
    .selectFrom(weighedOpenReports(db).as('w'))
    .select((eb) => [
      'w.target_type',
      'w.target_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('w.created_at').as('latest_at'),
      eb.fn.sum<number>(points).as('points'),
      eb.fn.sum<number>(newcomers).as('newcomers'),
    ])
    .groupBy(['w.target_type', 'w.target_id']);
  const cap = sql.lit(newcomersCap);
  const ranked = db
    .selectFrom(groups.as('g'))
    .select([
      'g.target_type',
      'g.target_id',
      'g.count',
      'g.latest_at',
      sql<number>`g.points + case when g.newcomers > ${cap} then ${cap} else g.newcomers end`.as(
        'priority',
      ),
    ]);
  const { after } = page;
  return db
    .selectFrom(ranked.as('q'))
    .selectAll('q')
    .$if(after !== undefined, (q) => q.where((eb) => afterPosition(eb, after!)))
    .orderBy('q.priority', 'desc')
    .orderBy('q.latest_at', 'desc')
    .orderBy('q.target_type', 'asc')
    .orderBy('q.target_id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** The open reports on these targets, each weighed, in no particular order. */
export function openReportsOn(db: Db, targets: { type: ReportTarget; ids: number[] }[]) {
  const wanted = targets.filter((t) => t.ids.length > 0);
  if (wanted.length === 0) return Promise.resolve([]);
  return weighedOpenReports(db)
    .where((eb) =>
      eb.or(
        wanted.map((t) =>
          eb.and([eb('r.target_type', '=', t.type), eb('r.target_id', 'in', t.ids)]),
        ),
      ),
    )
    .execute();
}
