/**
 * `npm run restore`: a backup into the database DATABASE_URL names, which must hold no data
 * unless the operator says `--force`; then the migrations a newer version needs.
 */
import path from 'node:path';
import type { DialectName } from '../db/connect.js';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { sqliteFile } from './backup.js';
import { backupEngineOf, sha256Of } from './files.js';
import { checkDump, postgresRows, restorePostgres } from './postgres.js';
import { checkSqlite, restoreSqlite, sqliteRowsAt } from './sqlite.js';
import { DATA_TABLES } from './tables.js';

export interface RestoreReport {
  engine: DialectName;
  from: string;
  sha256: string;
  check: string;
  /** What the database held before (only with --force can it have held data). */
  replaced: Record<string, number>;
  rows: Record<string, number>;
  migrations: string[];
  ms: number;
}

/** A refusal the operator can act on (exit code 1, no stack). */
export class RestoreRefused extends Error {}

const ENGINE_NAME: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export const holdsData = (rows: Record<string, number>) =>
  DATA_TABLES.some((table) => (rows[table] ?? 0) > 0);

/** `users 12, listings 63`: the tables that have rows (every one with `all`). */
export const rowsText = (rows: Record<string, number>, { all = false } = {}) => {
  const shown = Object.entries(rows).filter(([, n]) => all || n > 0);
  if (shown.length === 0) return 'none';
  return shown.map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`).join(', ');
};

const dataText = (rows: Record<string, number>) =>
  rowsText(Object.fromEntries(DATA_TABLES.map((table) => [table, rows[table] ?? 0])), {
    all: true,
  });

/** Restores the backup `file` into the database at `databaseUrl` (see the module's note). */
export async function restoreBackup(
  file: string,
  databaseUrl: string,
  { force }: { force: boolean },
): Promise<RestoreReport> {
  const started = performance.now();
  const from = path.resolve(file);
  const target: DialectName = databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  const engine = await backupEngineOf(from).catch((error: NodeJS.ErrnoException) => {
    throw new RestoreRefused(
      error.code === 'ENOENT' ? `There is no file ${from}.` : `${from}: ${error.message}`,
    );
  });
  if (engine === null) {
    throw new RestoreRefused(
      `${from} is not a backup of ours (neither a SQLite database nor a pg_dump archive).`,
    );
  }
  if (engine !== target) {
    throw new RestoreRefused(
      `${from} is a ${ENGINE_NAME[engine]} backup, but DATABASE_URL names a ${ENGINE_NAME[target]} database: restore it into ${ENGINE_NAME[engine]}.`,
    );
  }

  // The backup is checked before anything is touched.
  let check: string;
  if (engine === 'sqlite') {
    const result = await checkSqlite(from);
    if (!result.ok)
      throw new RestoreRefused(`${from} failed PRAGMA integrity_check: ${result.detail}`);
    check = 'PRAGMA integrity_check: ok';
  } else {
    const result = await checkDump(from);
    if (!result.ok) throw new RestoreRefused(`${from} cannot be restored: ${result.detail}`);
    check = result.detail;
  }

  const before =
    engine === 'sqlite' ? sqliteRowsAt(sqliteFile(databaseUrl)) : await postgresRows(databaseUrl);
  if (holdsData(before) && !force) {
    throw new RestoreRefused(
      `The database DATABASE_URL names already holds data (${dataText(before)}). ` +
        'A restore replaces all of it: stop every instance using it, then run again with --force.',
    );
  }
  const sha256 = await sha256Of(from);
  if (engine === 'sqlite') await restoreSqlite(from, sqliteFile(databaseUrl));
  else await restorePostgres(from, databaseUrl);

  // A backup of an older version gets the migrations this version needs.
  const database = connect(databaseUrl);
  let migrations: string[];
  try {
    migrations = await migrateToLatest(database);
  } finally {
    await database.destroy();
  }
  const rows =
    engine === 'sqlite' ? sqliteRowsAt(sqliteFile(databaseUrl)) : await postgresRows(databaseUrl);
  return {
    engine,
    from,
    sha256,
    check,
    replaced: holdsData(before) ? before : {},
    rows,
    migrations,
    ms: Math.round(performance.now() - started),
  };
}
