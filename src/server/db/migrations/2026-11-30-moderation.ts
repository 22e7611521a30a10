import { sql } from 'kysely';
import type { DialectName } from '../connect.js';
import {
  addFlagColumn,
  createIndex,
  mayName,
  numberedKey,
  required,
  requiredColumns,
  sameKeyAs,
  userColumns,
  windowCounter,
  type Db,
} from './schema-parts.js';

/**
 * Frozen in time. Trust and safety (docs/decisions/020-moderation.md):
 * - users gain the moderator flag and a suspension (its reason and time);
 * - reports, at most one open per reporter and target (a partial unique index);
 * - blocks between two people;
 * - listing holds: a hidden listing's status is Deleted (so every list and search leaves it
 *   out without changing their queries or indexes) and its hold remembers the status to give it
 *   back, the reason and whether the seller's suspension put it there;
 * - the moderators' audit trail;
 * - flood counters: per account and limit, a fixed window and how much of it is spent.
 */
export function moderation(dialect: DialectName) {
  const id = numberedKey(dialect);
  return {
    async up(db: Db): Promise<void> {
      await addFlagColumn(db, 'users', 'is_moderator');
      await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();

      await db.schema
        .createTable('reports')
        .addColumn('report_id', 'integer', id)
        .$call(userColumns('reporter_id'))
        .addColumn('target_type', 'text', required)
        .addColumn('target_id', 'integer', required)
        .$call(requiredColumns('text', 'reason', 'note'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', required)
        .addColumn('resolved_by', 'integer', mayName('users.user_id'))
        .addColumn('resolved_at', 'text')
        .addCheckConstraint(
          'reports_target_type',
          sql`target_type in ('listing', 'user', 'message')`,
        )
        .addCheckConstraint(
          'reports_reason',
          sql`reason in ('prohibited', 'scam', 'harassment', 'spam', 'other')`,
        )
        .addCheckConstraint('reports_status', sql`status in ('open', 'dismissed', 'actioned')`)
        .execute();
      await createIndex(
        db,
        'reports_one_open',
        'reports',
        ['reporter_id', 'target_type', 'target_id'],
        { unique: true, where: sql<boolean>`status = 'open'` },
      );
      await createIndex(db, 'reports_target', 'reports', ['target_type', 'target_id', 'status']);
      await createIndex(db, 'reports_status_created', 'reports', ['status', 'created_at']);

      await db.schema
        .createTable('blocks')
        .$call(userColumns('blocker_id', 'blocked_id'))
        .addColumn('created_at', 'text', required)
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
        .execute();
      await createIndex(db, 'blocks_blocked', 'blocks', ['blocked_id']);

      await db.schema
        .createTable('listing_holds')
        .addColumn('listing_id', 'integer', sameKeyAs('listings.listing_id'))
        .$call(requiredColumns('text', 'previous_status', 'reason'))
        .addColumn('by_suspension', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('moderator_id', 'integer', mayName('users.user_id'))
        .addColumn('created_at', 'text', required)
        .addCheckConstraint('listing_holds_previous', sql`previous_status in ('Active', 'Sold')`)
        .execute();

      await db.schema
        .createTable('moderation_audit')
        .addColumn('audit_id', 'integer', id)
        .addColumn('moderator_id', 'integer', mayName('users.user_id'))
        /** Who acted when no moderator did: MODERATOR_EMAILS, or the moderator script. */
        .$call(requiredColumns('text', 'actor', 'action', 'target_type'))
        .addColumn('target_id', 'integer', required)
        /** What the target was called then (a title, a username), kept as it was. */
        .addColumn('target_label', 'text', required)
        .$call(requiredColumns('text', 'reason', 'created_at'))
        .execute();
      await createIndex(db, 'moderation_audit_created', 'moderation_audit', ['created_at']);

      await db.schema.createTable('flood_counters').$call(windowCounter('spent')).execute();
    },
  };
}
