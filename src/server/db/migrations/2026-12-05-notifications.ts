import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect.js';
import {
  belongsTo,
  createIndex,
  createQueueIndex,
  numberedKey,
  queueColumns,
  required,
  requiredColumns,
  sameKeyAs,
  userColumns,
  type Db,
} from './schema-parts.js';

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
  const id = numberedKey(dialect);
  const flag = (name: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().check(sql`${sql.ref(name)} in (0, 1)`);
  /** Both queues' rows are queued, being sent, or failed for good. */
  const queue = (table: string) => queueColumns(table, ['queued', 'sending', 'failed']);

  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('notification_events')
        .addColumn('event_id', 'integer', id)
        .$call(requiredColumns('text', 'type', 'payload'))
        .$call(queue('notification_events'))
        .execute();
      await createQueueIndex(db, 'notification_events');

      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'integer', id)
        .$call(userColumns('user_id'))
        .$call(requiredColumns('text', 'kind', 'title', 'body', 'url'))
        /** Unread notifications with the same key are one (a conversation's messages). */
        .addColumn('group_key', 'text')
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', required)
        .addColumn('read_at', 'text')
        .execute();
      await createIndex(db, 'notifications_user', 'notifications', ['user_id', 'notification_id']);
      await createIndex(
        db,
        'notifications_unread',
        'notifications',
        ['user_id', 'kind', 'created_at'],
        {
          where: sql<boolean>`read_at is null`,
        },
      );
      await createIndex(
        db,
        'notifications_one_unread_group',
        'notifications',
        ['user_id', 'group_key'],
        {
          unique: true,
          where: sql<boolean>`read_at is null and group_key is not null`,
        },
      );

      await db.schema
        .createTable('notification_preferences')
        .$call(userColumns('user_id'))
        .addColumn('kind', 'text', required)
        .addColumn('push', 'integer', flag('push'))
        .addColumn('email', 'integer', flag('email'))
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('subscription_id', 'integer', id)
        .$call(userColumns('user_id'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .$call(requiredColumns('text', 'p256dh', 'auth'))
        /** The session (token hash) of the device that registered it: signing out removes it. */
        .addColumn('session_hash', 'text')
        .$call(requiredColumns('text', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'push_subscriptions_user', 'push_subscriptions', ['user_id']);
      await createIndex(db, 'push_subscriptions_session', 'push_subscriptions', ['session_hash']);

      await db.schema
        .createTable('push_outbox')
        .addColumn('push_id', 'integer', id)
        .addColumn('subscription_id', 'integer', belongsTo('push_subscriptions.subscription_id'))
        .addColumn('payload', 'text', required)
        .addColumn('topic', 'text')
        .addColumn('urgency', 'text', required)
        .addColumn('ttl', 'integer', required)
        .$call(queue('push_outbox'))
        .execute();
      await createQueueIndex(db, 'push_outbox');
      await createIndex(db, 'push_outbox_topic', 'push_outbox', ['subscription_id', 'topic']);

      await db.schema
        .createTable('message_digests')
        .addColumn('user_id', 'integer', sameKeyAs('users.user_id'))
        /** When the next digest leaves; null while no message waits for one. */
        .addColumn('due_at', 'text')
        .addColumn('last_sent_at', 'text')
        .execute();
      await createIndex(db, 'message_digests_due', 'message_digests', ['due_at']);

      // "New delivery available" goes to every courier on shift: found without reading all users.
      await createIndex(db, 'users_on_shift', 'users', ['user_id'], {
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
