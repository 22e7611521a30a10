/** The notification centre, preferences and push subscriptions of the signed-in person. */
import {
  NOTIFICATION_KIND_NAMES,
  type NotificationKind,
  type NotificationPreferences,
} from '#shared/notification-kinds.js';
import type { NotificationItem } from '#shared/schemas/notifications.js';
import { deletedAny } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import { preferencesOf } from '#server/notifications/preferences.js';

/** Newest first, `limit` of them older than `cursor`; one more tells whether a page follows. */
export async function notificationPage(
  db: Db,
  userId: number,
  options: { cursor?: number; limit: number },
): Promise<{ items: NotificationItem[]; next_cursor: number | null }> {
  const rows = await db
    .selectFrom('notifications')
    .select(['notification_id as id', 'kind', 'title', 'body', 'url', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .$if(options.cursor !== undefined, (q) => q.where('notification_id', '<', options.cursor!))
    .orderBy('notification_id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const items = rows.slice(0, options.limit);
  return {
    // Kinds no longer in the contract (a kind retired later) are not shown.
    items: items.filter((i) => NOTIFICATION_KIND_NAMES.includes(i.kind)),
    next_cursor: rows.length > options.limit ? items[items.length - 1]!.id : null,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks some of the person's notifications (others' ids change nothing), or all, read. */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  ids: readonly number[] | 'all',
): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(ids !== 'all', (q) => q.where('notification_id', 'in', ids as number[]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets the named switches; the other switch of each kind keeps what it was. */
export async function updatePreferences(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationKind, { push?: boolean; email?: boolean }>>,
): Promise<NotificationPreferences> {
  return db.transaction().execute(async (trx) => {
    const current = await preferencesOf(trx, userId);
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const change = changes[kind];
      if (!change) continue;
      const next = { ...current[kind], ...definedOnly(change) };
      const values = { push: Number(next.push), email: Number(next.email) };
      await trx
        .insertInto('notification_preferences')
        .values({ user_id: userId, kind, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
        .execute();
      current[kind] = next;
    }
    return current;
  });
}

const definedOnly = (change: { push?: boolean; email?: boolean }) =>
  Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));

/** Turns one kind's e-mail off (the one-click unsubscribe link). False for an unknown person. */
export async function turnEmailOff(
  db: Db,
  userId: number,
  kind: NotificationKind,
): Promise<boolean> {
  const exists = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!exists) return false;
  await updatePreferences(db, userId, { [kind]: { email: false } });
  return true;
}

/** A person keeps at most this many devices; the longest unused go first. */
export const MAX_DEVICES = 20;

/**
 * Stores a device's subscription for the person (one per endpoint: a device that signs in as
 * someone else moves to them), bound to the session it came with. True when it is new.
 */
export async function saveSubscription(
  db: Db,
  subscription: { user_id: number; endpoint: string; p256dh: string; auth: string },
  sessionHash: string | null,
): Promise<boolean> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existed = await trx
      .selectFrom('push_subscriptions')
      .select('subscription_id')
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirst();
    const changes = {
      user_id: subscription.user_id,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      session_hash: sessionHash,
      updated_at: now,
    };
    await trx
      .insertInto('push_subscriptions')
      .values({ ...changes, endpoint: subscription.endpoint, created_at: now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(changes))
      .execute();
    const extra = await trx
      .selectFrom('push_subscriptions')
      .select('subscription_id')
      .where('user_id', '=', subscription.user_id)
      .orderBy('updated_at', 'desc')
      .orderBy('subscription_id', 'desc')
      .offset(MAX_DEVICES)
      .limit(1000)
      .execute();
    if (extra.length > 0) {
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'subscription_id',
          'in',
          extra.map((e) => e.subscription_id),
        )
        .execute();
    }
    return !existed;
  });
}

export async function deleteSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  return deletedAny(
    db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint),
  );
}
