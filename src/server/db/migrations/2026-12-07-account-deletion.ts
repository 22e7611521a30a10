import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. People may delete their account (docs/decisions/027-backups-metrics-and-leaving.md):
 * the row stays, emptied of everything personal, so the messages and reviews it wrote keep an
 * author ("Deleted user"); `deleted_at` says it was deleted.
 *
 * And backups are recorded: every copy made (by `npm run backup` or on the schedule), so that
 * with several instances only one makes each scheduled copy and every instance reports the
 * time of the last good one.
 */
export function accountDeletion(dialect: DialectName) {
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

      await db.schema
        .createTable('backup_runs')
        .addColumn('backup_id', 'integer', pk)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        /** Which instance made it (host and process), for the operator reading the table. */
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('file', 'text')
        .addColumn('bytes', 'bigint')
        .addColumn('sha256', 'text')
        .addColumn('error', 'text')
        .addCheckConstraint('backup_runs_kind', sql`kind in ('scheduled', 'manual')`)
        .addCheckConstraint('backup_runs_status', sql`status in ('running', 'ok', 'failed')`)
        .execute();
      await db.schema
        .createIndex('backup_runs_kind_started')
        .on('backup_runs')
        .columns(['kind', 'started_at'])
        .execute();
      await db.schema
        .createIndex('backup_runs_status_finished')
        .on('backup_runs')
        .columns(['status', 'finished_at'])
        .execute();
    },
  };
}
