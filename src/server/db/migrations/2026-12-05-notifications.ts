import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
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
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const owner = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('users.user_id').onDelete('cascade');
  const required = (c: ColumnDefinitionBuilder) => c.notNull();
  const flag = (name: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().check(sql`${sql.ref(name)} in (0, 1)`);

  /** A queue's claim columns (src/server/lib/queue.ts), the same in both queues. */
  const queueColumns =
    (name: string) =>
    <T extends string>(table: CreateTableBuilder<T, never>) =>
      table
        .addColumn('status', 'text', required)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', required)
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', required)
        .addCheckConstraint(`${name}_status`, sql`status in ('queued', 'sending', 'failed')`);

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      const index = (
        name: string,
        table: string,
        columns: string[],
        options: { unique?: boolean; where?: RawBuilder<boolean> } = {},
      ) => {
        const create = db.schema.createIndex(name).on(table).columns(columns);
        const unique = options.unique ? create.unique() : create;
        return (options.where ? unique.where(options.where) : unique).execute();
      };

      await db.schema
        .createTable('notification_events')
        .addColumn('event_id', 'integer', id)
        .addColumn('type', 'text', required)
        .addColumn('payload', 'text', required)
        .$call(queueColumns('notification_events'))
        .execute();
      await index('notification_events_due', 'notification_events', ['status', 'next_attempt_at']);

      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'integer', id)
        .addColumn('user_id', 'integer', owner)
        .addColumn('kind', 'text', required)
        .addColumn('title', 'text', required)
        .addColumn('body', 'text', required)
        .addColumn('url', 'text', required)
        /** Unread notifications with the same key are one (a conversation's messages). */
        .addColumn('group_key', 'text')
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', required)
        .addColumn('read_at', 'text')
        .execute();
      await index('notifications_user', 'notifications', ['user_id', 'notification_id']);
      await index('notifications_unread', 'notifications', ['user_id', 'kind', 'created_at'], {
        where: sql<boolean>`read_at is null`,
      });
      await index('notifications_one_unread_group', 'notifications', ['user_id', 'group_key'], {
        unique: true,
        where: sql<boolean>`read_at is null and group_key is not null`,
      });

      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'integer', owner)
        .addColumn('kind', 'text', required)
        .addColumn('push', 'integer', flag('push'))
        .addColumn('email', 'integer', flag('email'))
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('subscription_id', 'integer', id)
        .addColumn('user_id', 'integer', owner)
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', required)
        .addColumn('auth', 'text', required)
        /** The session (token hash) of the device that registered it: signing out removes it. */
        .addColumn('session_hash', 'text')
        .addColumn('created_at', 'text', required)
        .addColumn('updated_at', 'text', required)
        .execute();
      await index('push_subscriptions_user', 'push_subscriptions', ['user_id']);
      await index('push_subscriptions_session', 'push_subscriptions', ['session_hash']);

      await db.schema
        .createTable('push_outbox')
        .addColumn('push_id', 'integer', id)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscriptions.subscription_id').onDelete('cascade'),
        )
        .addColumn('payload', 'text', required)
        .addColumn('topic', 'text')
        .addColumn('urgency', 'text', required)
        .addColumn('ttl', 'integer', required)
        .$call(queueColumns('push_outbox'))
        .execute();
      await index('push_outbox_due', 'push_outbox', ['status', 'next_attempt_at']);
      await index('push_outbox_topic', 'push_outbox', ['subscription_id', 'topic']);

      await db.schema
        .createTable('message_digests')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.user_id').onDelete('cascade'),
        )
        /** When the next digest leaves; null while no message waits for one. */
        .addColumn('due_at', 'text')
        .addColumn('last_sent_at', 'text')
        .execute();
      await index('message_digests_due', 'message_digests', ['due_at']);

      // "New delivery available" goes to every courier on shift: found without reading all users.
      await index('users_on_shift', 'users', ['user_id'], {
        where: sql<boolean>`is_courier = 1 and on_shift = 1`,
      });

      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', required)
        .addColumn('created_at', 'text', required)
        .execute();
    },
  };
}
