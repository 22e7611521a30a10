/** Backup files: their checksum, their names in BACKUP_DIR, and keeping only the newest. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DialectName } from '../db/connect.js';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** What a file holds, from its first bytes: a SQLite database, a pg_dump archive, or neither. */
export async function backupEngineOf(file: string): Promise<DialectName | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    if (head === 'SQLite format 3\0') return 'sqlite';
    if (head.startsWith('PGDMP')) return 'postgres';
    return null;
  } finally {
    await handle.close();
  }
}

const SCHEDULED = /^gator-market-(sqlite|postgres)-\d{8}T\d{6}Z\.(db|dump)$/;

/** `gator-market-sqlite-20261207T031500Z.db`: sortable by time, and found again by `prune`. */
export function scheduledName(dialect: DialectName, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `gator-market-${dialect}-${stamp}.${dialect === 'sqlite' ? 'db' : 'dump'}`;
}

/** Removes all but the newest `keep` scheduled backups in `dir`; other files are left alone. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fsp.rm(path.join(dir, name), { force: true });
  return old;
}
