import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/** As 2026-12-03-search-words wrote it: longer words are left out. */
const LONGEST_WORD = 64;

/**
 * Frozen in time. People may delete their account (docs/decisions/027-backups-metrics-and-leaving.md):
 * the row stays, emptied of everything personal, so the messages and reviews it wrote keep an
 * author ("Deleted user"); `deleted_at` says it was deleted.
 *
 * And backups are recorded: every copy made (by `npm run backup` or on the schedule), so that
 * with several instances only one makes each scheduled copy and every instance reports the
 * time of the last good one.
 *
 * On PostgreSQL, the search functions that call another one name it with its schema:
 * pg_restore runs with an empty search_path, where `search_text` alone is found nowhere and
 * the products table (whose generated column calls them) could not be created again.
 */
export function accountDeletion(dialect: DialectName) {
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

      if (dialect === 'postgres') await searchFunctionsBySchema(db);
    },
  };
}

/** The same bodies as 2026-12-03-search-words, with `search_text` named by its schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function searchFunctionsBySchema(db: Kysely<any>) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const searchText = sql`${sql.id(rows[0]!.schema)}.search_text`;
  await sql`create or replace function search_words(t text) returns setof text
    language sql immutable parallel safe as $$
      select distinct w from regexp_split_to_table(${searchText}(t), ' ') as w
      where w <> '' and length(w) <= ${sql.lit(LONGEST_WORD)}
    $$`.execute(db);
  await sql`create or replace function search_lexemes(t text, weight text) returns tsvector
    language sql immutable parallel safe as $$
      select regexp_replace(
        regexp_replace(${searchText}(t), ${sql.lit(`[^ ]{${LONGEST_WORD + 1},}`)}, '', 'g'),
        '([^ ]+)', '''\\1'':1' || weight, 'g')::tsvector
    $$`.execute(db);
}
