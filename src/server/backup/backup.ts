/**
 * One backup, by `npm run backup` or on the schedule: a consistent copy of the running
 * database (pictures are in it), checked, measured and checksummed
 * (docs/decisions/027-backups-metrics-and-leaving.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Connection, DialectName } from '../db/connect.js';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from '../lib/owner-only.js';
import { databaseImageStore } from '../images/database-store.js';
import { importUploadedFiles } from '../images/import-files.js';
import { sha256Of } from './files.js';
import { checkDump, dumpPostgres } from './postgres.js';
import { copySqlite } from './sqlite.js';

export interface BackupReport {
  engine: DialectName;
  file: string;
  bytes: number;
  sha256: string;
  /** What checked the copy, and what it said. */
  check: string;
  rows: Record<string, number>;
  /** Pictures found on disk (DATA_DIR/uploads) and put into the database before the copy. */
  picturesFromDisk: number;
  ms: number;
}

/** The file a `sqlite:` URL names. */
export const sqliteFile = (databaseUrl: string) =>
  path.resolve(databaseUrl.slice('sqlite:'.length));

export async function makeBackup(options: {
  database: Connection;
  databaseUrl: string;
  uploadsDir: string;
  out: string;
}): Promise<BackupReport> {
  const started = performance.now();
  const out = path.resolve(options.out);
  if (
    await fs.stat(out).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`${out} already exists: name a new file (a backup never overwrites one).`);
  }
  makeOwnerOnlyFolder(path.dirname(out));
  // Pictures earlier versions left as files go into the database first (as the next start
  // would put them), so the copy holds every picture the listings name.
  const { moved: picturesFromDisk } = await importUploadedFiles(
    databaseImageStore(options.database.db),
    options.uploadsDir,
    { keepFiles: true },
  );
  // Written beside its final name and renamed once checked: a file by that name is whole.
  const partial = `${out}.partial`;
  try {
    // Owner-only from its first byte: the copy and pg_dump write into this file, keeping its
    // mode (a partial a crash left behind may have another).
    await fs.rm(partial, { force: true });
    createOwnerOnlyFile(partial);
    let rows: Record<string, number>;
    let check: string;
    if (options.database.dialect === 'sqlite') {
      const result = await copySqlite(sqliteFile(options.databaseUrl), partial);
      if (!result.ok) throw new Error(`the copy failed PRAGMA integrity_check: ${result.detail}`);
      rows = result.rows;
      check = 'PRAGMA integrity_check: ok';
    } else {
      rows = await dumpPostgres(options.databaseUrl, partial);
      const result = await checkDump(partial);
      if (!result.ok) throw new Error(`the dump failed its check: ${result.detail}`);
      check = result.detail;
    }
    await fs.rename(partial, out);
    const [{ size }, sha256] = await Promise.all([fs.stat(out), sha256Of(out)]);
    return {
      engine: options.database.dialect,
      file: out,
      bytes: size,
      sha256,
      check,
      rows,
      picturesFromDisk,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
