/**
 * The notification pipeline's SQL: domain events waiting to be told, who hears a notice (the
 * block rule, suspensions, shifts and preferences), storing what each recipient gets, message
 * digests, push devices and forgetting what is old.
 */
import { sql } from 'kysely';
import type { DialectName } from '#server/db/connect.js';
import { NOTIFICATION_KINDS, type PushPayload } from '#shared/notification-kinds.js';
import type { Db, NotificationPreferencesTable } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import type { Notice } from './audience.js';
import type { DomainEvent } from './domain-events.js';

/** Keeps the event until a worker has told everyone concerned (one insert on the request's path). */
export async function recordEvent(db: Db, event: DomainEvent): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('notification_events')
    .values({
      type: event.type,
      payload: JSON.stringify(event),
      status: 'queued',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

export interface Recipient {
  user_id: number;
  first_name: string;
  sfsu_email: string;
  email_verified: number;
  /** The person's switches for this kind; null: the kind's default. */
  push: number | null;
  email: number | null;
}

/**
 * Who hears a notice: the people it names (or every courier on shift), never the one who acted,
 * nobody who blocked them (decision 020), and no suspended account. With each, their switches.
 */
export async function recipientsOf(db: Db, notice: Notice, actorId: number): Promise<Recipient[]> {
  const { to } = notice;
  if (to !== 'couriers-on-shift' && to.length === 0) return [];
  const query = db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'u.user_id').on('p.kind', '=', notice.kind),
    )
    .select(['u.user_id', 'u.first_name', 'u.sfsu_email', 'u.email_verified', 'p.push', 'p.email'])
    .where('u.user_id', 'not in', [actorId, ...(notice.except ?? [])])
    .where('u.suspended_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocker_id')
            .whereRef('b.blocker_id', '=', 'u.user_id')
            .where('b.blocked_id', '=', actorId),
        ),
      ),
    )
    .orderBy('u.user_id');
  return (
    to === 'couriers-on-shift'
      ? query.where('u.is_courier', '=', 1).where('u.on_shift', '=', 1)
      : query.where('u.user_id', 'in', to)
  ).execute();
}

export const wantsPush = (r: Recipient, notice: Notice) =>
  (r.push ?? Number(NOTIFICATION_KINDS[notice.kind].push)) === 1;
export const wantsEmail = (r: Recipient, notice: Notice) =>
  (r.email ?? Number(NOTIFICATION_KINDS[notice.kind].email)) === 1;

/** Rows per statement: well under SQLite's limit of bound values. */
const CHUNK = 200;
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The notice in each recipient's centre. Returns the title it got (a group counts itself). */
export async function storeNotifications(
  trx: Db,
  notice: Notice,
  userIds: readonly number[],
): Promise<string> {
  const now = nowIso();
  const row = { kind: notice.kind, body: notice.body, url: notice.url, created_at: now };
  if (!notice.group) {
    for (const part of chunks(userIds)) {
      await trx
        .insertInto('notifications')
        .values(part.map((user_id) => ({ ...row, user_id, title: notice.title })))
        .execute();
    }
    return notice.title;
  }
  // A conversation's unread messages are one notification, counted, and newest again.
  let title = notice.title;
  for (const user_id of userIds) {
    const unread = await trx
      .selectFrom('notifications')
      .select(['notification_id', 'item_count'])
      .where('user_id', '=', user_id)
      .where('group_key', '=', notice.group.key)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (unread) {
      await trx
        .deleteFrom('notifications')
        .where('notification_id', '=', unread.notification_id)
        .execute();
    }
    const count = (unread?.item_count ?? 0) + 1;
    title = notice.group.title(count);
    await trx
      .insertInto('notifications')
      .values({ ...row, user_id, title, group_key: notice.group.key, item_count: count })
      .execute();
  }
  return title;
}

/**
 * A push message to every device of these people. One still waiting with the same topic is
 * replaced: the newer news of the same order or conversation makes it stale.
 */
export async function queuePushes(
  trx: Db,
  notice: Notice,
  payload: PushPayload,
  userIds: readonly number[],
): Promise<void> {
  const now = nowIso();
  const info = NOTIFICATION_KINDS[notice.kind];
  for (const part of chunks(userIds)) {
    const devices = trx
      .selectFrom('push_subscriptions')
      .select('subscription_id')
      .where('user_id', 'in', part);
    await trx
      .deleteFrom('push_outbox')
      .where('status', '=', 'queued')
      .where('topic', '=', notice.tag)
      .where('subscription_id', 'in', devices)
      .execute();
    await trx
      .insertInto('push_outbox')
      .columns([
        'subscription_id',
        'payload',
        'topic',
        'urgency',
        'ttl',
        'status',
        'next_attempt_at',
        'created_at',
      ])
      .expression(
        trx
          .selectFrom('push_subscriptions')
          .select([
            'subscription_id',
            sql<string>`${JSON.stringify(payload)}`.as('payload'),
            sql<string>`${notice.tag}`.as('topic'),
            sql<string>`${info.urgency}`.as('urgency'),
            // A parameter in a select list is text to PostgreSQL unless told otherwise.
            sql<number>`cast(${info.ttl} as integer)`.as('ttl'),
            sql<string>`'queued'`.as('status'),
            sql<string>`${now}`.as('next_attempt_at'),
            sql<string>`${now}`.as('created_at'),
          ])
          .where('user_id', 'in', part),
      )
      .execute();
  }
}

/**
 * A message digest for this person: due after a short gathering pause, and never sooner than
 * `intervalMs` after the last one. A digest already due stays as it is.
 */
export async function scheduleDigest(
  trx: Db,
  userId: number,
  timing: { delayMs: number; intervalMs: number },
): Promise<void> {
  const found = await trx
    .selectFrom('message_digests')
    .select(['due_at', 'last_sent_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (found?.due_at) return;
  const soonest = Date.now() + timing.delayMs;
  const afterLast = found?.last_sent_at ? Date.parse(found.last_sent_at) + timing.intervalMs : 0;
  const dueAt = new Date(Math.max(soonest, afterLast)).toISOString();
  await trx
    .insertInto('message_digests')
    .values({ user_id: userId, due_at: dueAt, last_sent_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ due_at: dueAt })
        .where('message_digests.due_at', 'is', null),
    )
    .execute();
}

/** Takes the event out of the queue if this claim still holds it; false when it no longer does. */
export async function deleteClaimedEvent(
  trx: Db,
  claim: { eventId: number; leaseUntil: string },
): Promise<boolean> {
  const taken = await trx
    .deleteFrom('notification_events')
    .where('event_id', '=', claim.eventId)
    .where('lease_until', '=', claim.leaseUntil)
    .executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}

/** Whether any digest is due at `now`, read without taking a lock. */
export async function anyDigestDue(db: Db, now: string): Promise<boolean> {
  const peek = await db
    .selectFrom('message_digests')
    .select('user_id')
    .where('due_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return peek !== undefined;
}

/**
 * The digest due first, with its person and their message mail switch; on PostgreSQL the row
 * is held until the transaction ends and rows other instances hold are skipped.
 */
export function claimDueDigest(trx: Db, dialect: DialectName, now: string) {
  return trx
    .selectFrom('message_digests as d')
    .innerJoin('users as u', 'u.user_id', 'd.user_id')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'd.user_id').on('p.kind', '=', 'message'),
    )
    .select([
      'd.user_id',
      'd.last_sent_at',
      'u.first_name',
      'u.sfsu_email',
      'u.email_verified',
      'u.suspended_at',
      'p.email',
    ])
    .where('d.due_at', '<=', now)
    .orderBy('d.due_at')
    .limit(1)
    .$if(dialect === 'postgres', (q) => q.forUpdate('d').skipLocked())
    .executeTakeFirst();
}

/** The person's unread message notifications since the last digest, newest first. */
export function unreadMessageNotices(trx: Db, userId: number, since: string | null, limit: number) {
  return trx
    .selectFrom('notifications')
    .select(['title', 'body', 'url'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'message')
    .where('read_at', 'is', null)
    .$if(since !== null, (q) => q.where('created_at', '>', since!))
    .orderBy('notification_id', 'desc')
    .limit(limit)
    .execute();
}

/** The digest is no longer due; `sentAt` when one was mailed. */
export async function closeDigest(trx: Db, userId: number, sentAt: string | null): Promise<void> {
  await trx
    .updateTable('message_digests')
    .set({ due_at: null, ...(sentAt !== null && { last_sent_at: sentAt }) })
    .where('user_id', '=', userId)
    .execute();
}

/** The switches the person changed, one row a kind. */
export function preferenceRowsOf(
  db: Db,
  userId: number,
): Promise<Pick<NotificationPreferencesTable, 'kind' | 'push' | 'email'>[]> {
  return db
    .selectFrom('notification_preferences')
    .select(['kind', 'push', 'email'])
    .where('user_id', '=', userId)
    .execute();
}

/** Forgets a device whose push service said it is gone. */
export async function deletePushSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('subscription_id', '=', subscriptionId).execute();
}

/** Where to send to each of these subscriptions (those still there). */
export function pushDevices(db: Db, subscriptionIds: number[]) {
  return db
    .selectFrom('push_subscriptions')
    .select(['subscription_id', 'endpoint', 'p256dh', 'auth'])
    .where('subscription_id', 'in', subscriptionIds)
    .execute();
}

/** Forgets notifications read and created before `before`. */
export async function purgeReadNotifications(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('read_at', 'is not', null)
    .where('created_at', '<', before)
    .execute();
}
