/** Which tables a backup's row counts report: every table of the app, none of the engine's own. */

/** Kysely's bookkeeping: in every backup, not worth a line. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * SQLite: the tables in `sqlite_master`, without SQLite's own and without the search index
 * (a virtual table and its shadow tables, rebuilt from the listings).
 */
export function sqliteCountedTables(rows: { name: string; sql: string | null }[]): string[] {
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter(
      (name) =>
        !name.startsWith('sqlite_') &&
        !BOOKKEEPING.has(name) &&
        !virtual.some((v) => name === v || name.startsWith(`${v}_`)),
    )
    .sort();
}

export function postgresCountedTables(names: string[]): string[] {
  return names.filter((name) => !BOOKKEEPING.has(name)).sort();
}

/** The tables whose rows make a database "hold data": restore refuses to overwrite them. */
export const DATA_TABLES = ['users', 'listings', 'images', 'direct_messages'];
