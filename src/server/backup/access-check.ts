/**
 * At start: the database's files (SQLite's file, -wal and -shm), the backups, DATA_DIR and
 * BACKUP_DIR should be the server user's alone; new ones are made so (lib/owner-only.ts). Ones
 * made wider by an operator, or 0644 by an older version, are named in the log with their mode,
 * and left as they are: a wider mode may be on purpose (a backup agent's group), and changing
 * the operator's files behind their back is not the server's call.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { modeText, openToOthers } from '../lib/owner-only.js';
import { sqliteFile } from './backup.js';

/** Backup files named one by one; more are summed up in one line. */
const NAMED_BACKUPS = 10;

function backupFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** One warning per file or folder its group or other users may use, with its path and mode. */
export function warnFilesOpenToOthers(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'backupDir'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  const warn = (file: string, what: string, open: { mode: number; folder: boolean }) => {
    const mode = modeText(open.mode);
    const chmod = `chmod ${open.folder ? 700 : 600} ${file}`;
    log.warn(
      { path: file, mode },
      `${file} (${what}) is open to other users of this machine (mode ${mode}); left as it is: ${chmod}`,
    );
  };
  const own = [
    { file: config.dataDir, what: 'DATA_DIR' },
    { file: config.backupDir, what: 'BACKUP_DIR' },
  ];
  if (config.databaseUrl.startsWith('sqlite:') && config.databaseUrl !== 'sqlite::memory:') {
    const db = sqliteFile(config.databaseUrl);
    for (const suffix of ['', '-wal', '-shm'])
      own.push({ file: `${db}${suffix}`, what: 'the database' });
  }
  for (const { file, what } of own) {
    const open = openToOthers(file);
    if (open) warn(file, what, open);
  }
  const backups = backupFiles(config.backupDir).flatMap((file) => {
    const open = openToOthers(file);
    return open ? [{ file, open }] : [];
  });
  for (const { file, open } of backups.slice(0, NAMED_BACKUPS)) warn(file, 'a backup', open);
  const more = backups.length - NAMED_BACKUPS;
  if (more > 0) {
    log.warn(
      { path: config.backupDir, files: more },
      `${more} more backups in ${config.backupDir} are open to other users of this machine; left as they are: chmod 600 ${config.backupDir}/*`,
    );
  }
}
