import { sql, type Kysely } from 'kysely';

/**
 * Frozen in time. People may delete their account (docs/decisions/027-backups-metrics-and-leaving.md):
 * the row stays, emptied of everything personal, so the messages and reviews it wrote keep an
 * author ("Deleted user"); `deleted_at` says it was deleted.
 *
 * And backups are recorded: every copy made (by `npm run backup` or on the schedule), so that
 * with several instances only one makes each scheduled copy and every instance reports the
 * time of the last good one.
 */
export function accountDeletion() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

      // A handful of rows a day: no index needed. The id is made by whoever records the run.
      await db.schema
        .createTable('backup_runs')
        .addColumn('backup_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('scheduled', 'manual')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('running', 'ok', 'failed')`),
        )
        /** Which instance made it (host and process), for the operator reading the table. */
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('file', 'text')
        .addColumn('bytes', 'bigint')
        .addColumn('sha256', 'text')
        .addColumn('error', 'text')
        .execute();
    },
  };
}
