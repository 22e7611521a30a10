import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. Notifications (docs/decisions/026-notifications.md):
 * - notification_events: the domain events still to be told (who hears of them is worked out
 *   off the request's path), claimed by one worker among the instances;
 * - notifications: the notification centre, one row per person and event; unread messages of
 *   one conversation share one row (group_key);
 * - notification_preferences: the switches a person changed (the rest are the defaults);
 * - push_subscriptions and push_outbox: the devices and the push messages on their way;
 * - message_digests: when a person's next message digest is due and when the last one left;
 * - server_keys: keys every instance must share (VAPID, the unsubscribe links' secret),
 *   created once by whichever instance needs them first.
 * Everything a person owns goes with their account (ON DELETE CASCADE).
 */
export function notifications(dialect: DialectName) {
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const userRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('users.user_id').onDelete('cascade');
  /** A queue's claim columns (src/server/lib/queue.ts), the same in both queues. */
  const queueColumns =
    (name: string) =>
    <T extends string>(table: CreateTableBuilder<T, never>) =>
      table
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint(`${name}_status`, sql`status in ('queued', 'sending', 'failed')`);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('notification_events')
        .addColumn('event_id', 'integer', pk)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .$call(queueColumns('notification_events'))
        .execute();
      await db.schema
        .createIndex('notification_events_due')
        .on('notification_events')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'integer', pk)
        .addColumn('user_id', 'integer', userRef)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        /** Unread notifications with the same key are one (a conversation's messages). */
        .addColumn('group_key', 'text')
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'notification_id'])
        .execute();
      await db.schema
        .createIndex('notifications_unread')
        .on('notifications')
        .columns(['user_id', 'kind', 'created_at'])
        .where(sql<boolean>`read_at is null`)
        .execute();
      await db.schema
        .createIndex('notifications_one_unread_group')
        .on('notifications')
        .columns(['user_id', 'group_key'])
        .unique()
        .where(sql<boolean>`read_at is null and group_key is not null`)
        .execute();

      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'integer', userRef)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('push', 'integer', (c) => c.notNull().check(sql`push in (0, 1)`))
        .addColumn('email', 'integer', (c) => c.notNull().check(sql`email in (0, 1)`))
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('subscription_id', 'integer', pk)
        .addColumn('user_id', 'integer', userRef)
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        /** The session (token hash) of the device that registered it: signing out removes it. */
        .addColumn('session_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_session')
        .on('push_subscriptions')
        .column('session_hash')
        .execute();

      await db.schema
        .createTable('push_outbox')
        .addColumn('push_id', 'integer', pk)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscriptions.subscription_id').onDelete('cascade'),
        )
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('topic', 'text')
        .addColumn('urgency', 'text', (c) => c.notNull())
        .addColumn('ttl', 'integer', (c) => c.notNull())
        .$call(queueColumns('push_outbox'))
        .execute();
      await db.schema
        .createIndex('push_outbox_due')
        .on('push_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('push_outbox_topic')
        .on('push_outbox')
        .columns(['subscription_id', 'topic'])
        .execute();

      await db.schema
        .createTable('message_digests')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.user_id').onDelete('cascade'),
        )
        /** When the next digest leaves; null while no message waits for one. */
        .addColumn('due_at', 'text')
        .addColumn('last_sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('message_digests_due')
        .on('message_digests')
        .column('due_at')
        .execute();

      // "New delivery available" goes to every courier on shift: found without reading all users.
      await db.schema
        .createIndex('users_on_shift')
        .on('users')
        .column('user_id')
        .where(sql<boolean>`is_courier = 1 and on_shift = 1`)
        .execute();

      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
