import type { DialectName } from '../connect.js';
import {
  addFlagColumn,
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
 * Frozen in time. Mail leaves through a queue in the database (docs/decisions/017-mail-queue.md);
 * a campus address is confirmed with a mailed code; a forgotten password is reset with a mailed
 * link. Accounts made before this are not verified: they confirm their address with a new code
 * the first time they need to (the profile offers one).
 */
export function mailAndIdentity(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      await addFlagColumn(db, 'users', 'email_verified');

      // One live code per account: a new one replaces the old.
      await db.schema
        .createTable('email_verifications')
        .addColumn('user_id', 'integer', sameKeyAs('users.user_id'))
        .$call(requiredColumns('text', 'code_hash', 'expires_at'))
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'text', required)
        /** Codes sent since window_start (an hour's window), to bound how many are asked for. */
        .addColumn('window_start', 'text', required)
        .addColumn('window_sends', 'integer', required)
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .$call(userColumns('user_id'))
        .$call(requiredColumns('text', 'created_at', 'expires_at'))
        .addColumn('used_at', 'text')
        .execute();
      await createIndex(db, 'password_resets_user', 'password_resets', ['user_id']);

      await db.schema
        .createTable('mail_outbox')
        .addColumn('mail_id', 'integer', numberedKey(dialect))
        .$call(requiredColumns('text', 'kind', 'to_address', 'subject'))
        // The parts are cleared once the mail has left (they may hold a code or a link).
        .addColumn('text_body', 'text')
        .addColumn('html_body', 'text')
        .addColumn('headers', 'text')
        .$call(queueColumns('mail_outbox', ['queued', 'sending', 'sent', 'kept', 'failed']))
        .addColumn('sent_at', 'text')
        .execute();
      await createQueueIndex(db, 'mail_outbox');
      await createIndex(db, 'mail_outbox_created', 'mail_outbox', ['created_at']);
    },
  };
}
