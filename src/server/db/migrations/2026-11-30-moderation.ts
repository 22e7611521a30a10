import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

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
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const userRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('users.user_id').onDelete('cascade');
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('is_moderator', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_moderator in (0, 1)`),
        )
        .execute();
      await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();

      await db.schema
        .createTable('reports')
        .addColumn('report_id', 'integer', pk)
        .addColumn('reporter_id', 'integer', userRef)
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_by', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
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
      await db.schema
        .createIndex('reports_one_open')
        .on('reports')
        .columns(['reporter_id', 'target_type', 'target_id'])
        .unique()
        .where(sql<boolean>`status = 'open'`)
        .execute();
      await db.schema
        .createIndex('reports_target')
        .on('reports')
        .columns(['target_type', 'target_id', 'status'])
        .execute();
      await db.schema
        .createIndex('reports_status_created')
        .on('reports')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'integer', userRef)
        .addColumn('blocked_id', 'integer', userRef)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
        .execute();
      await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();

      await db.schema
        .createTable('listing_holds')
        .addColumn('listing_id', 'integer', (c) =>
          c.primaryKey().references('listings.listing_id').onDelete('cascade'),
        )
        .addColumn('previous_status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('by_suspension', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('moderator_id', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('listing_holds_previous', sql`previous_status in ('Active', 'Sold')`)
        .execute();

      await db.schema
        .createTable('moderation_audit')
        .addColumn('audit_id', 'integer', pk)
        .addColumn('moderator_id', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        /** Who acted when no moderator did: MODERATOR_EMAILS, or the moderator script. */
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        /** What the target was called then (a title, a username), kept as it was. */
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_audit_created')
        .on('moderation_audit')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('flood_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('spent', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
