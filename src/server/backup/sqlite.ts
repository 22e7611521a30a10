/**
 * SQLite copies through the online backup API, in a worker thread with a connection of its
 * own: the copy is one step, so it is one consistent snapshot however busy the server's writes
 * are (in WAL mode they go on meanwhile), and neither the copy nor its check holds up the
 * server's own thread.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from '../lib/owner-only.js';
import { sqliteCountedTables } from './tables.js';

/** The worker's own module, beside this one (and beside the bundled server: its build entry). */
const WORKER = new URL('./sqlite-worker.mjs', import.meta.url);

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

export interface SqliteCheck {
  ok: boolean;
  /** `ok`, or the first problems `PRAGMA integrity_check` found. */
  detail: string;
  rows: Record<string, number>;
  pages: number;
}

function inWorker(data: { from?: string; to: string; tables: string[] }): Promise<SqliteCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { driver, ...data } });
    worker.once('message', (message: SqliteCheck & { error?: string }) => {
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the backup worker stopped (${code})`));
    });
  });
}

const countedTablesOf = (db: SQLite.Database) =>
  sqliteCountedTables(
    db.prepare(`select name, sql from sqlite_master where type = 'table'`).all() as {
      name: string;
      sql: string | null;
    }[],
  );

/** The tables a database's row counts report, read from its schema. */
export function sqliteTables(file: string): string[] {
  const db = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    return countedTablesOf(db);
  } finally {
    db.close();
  }
}

/**
 * Copies the database at `from` to the new file `to`, consistent as of one moment, then checks
 * the copy (`PRAGMA integrity_check`) and counts its rows.
 */
export function copySqlite(from: string, to: string): Promise<SqliteCheck> {
  return inWorker({ from, to, tables: sqliteTables(from) });
}

/** Checks an existing copy and counts its rows. */
export function checkSqlite(file: string): Promise<SqliteCheck> {
  return inWorker({ to: file, tables: sqliteTables(file) });
}

/** Row counts of the SQLite database at `file`; empty when there is none yet. */
export function sqliteRowsAt(file: string): Record<string, number> {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true, readonly: true });
  } catch {
    return {};
  }
  try {
    const rows: Record<string, number> = {};
    for (const name of countedTablesOf(db)) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      rows[name] = (db.prepare(`select count(*) as n from ${quoted}`).get() as { n: number }).n;
    }
    return rows;
  } finally {
    db.close();
  }
}

/**
 * Writes the backup at `from` over the database file `to` (created owner-only when missing) with
 * the same API, which recovers and replaces whatever `to` held in one write. No instance may
 * have `to` open meanwhile.
 */
export async function restoreSqlite(from: string, to: string): Promise<void> {
  makeOwnerOnlyFolder(path.dirname(to));
  createOwnerOnlyFile(to);
  const source = new SQLite(from, { fileMustExist: true, readonly: true });
  try {
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}
