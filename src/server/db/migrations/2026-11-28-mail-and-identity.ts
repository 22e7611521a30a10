import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. Mail leaves through a queue in the database (docs/decisions/017-mail-queue.md);
 * a campus address is confirmed with a mailed code; a forgotten password is reset with a mailed
 * link. Accounts made before this are not verified: they confirm their address with a new code
 * the first time they need to (the profile offers one).
 */
export function mailAndIdentity(dialect: DialectName) {
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('email_verified', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`email_verified in (0, 1)`),
        )
        .execute();

      // One live code per account: a new one replaces the old.
      await db.schema
        .createTable('email_verifications')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        /** Codes sent since window_start (an hour's window), to bound how many are asked for. */
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('window_sends', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('password_resets_user')
        .on('password_resets')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('mail_id', 'integer', pk)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // The parts are cleared once the mail has left (they may hold a code or a link).
        .addColumn('text_body', 'text')
        .addColumn('html_body', 'text')
        .addColumn('headers', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addCheckConstraint(
          'mail_outbox_status',
          sql`status in ('queued', 'sending', 'sent', 'kept', 'failed')`,
        )
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('mail_outbox_created')
        .on('mail_outbox')
        .column('created_at')
        .execute();
    },
  };
}
