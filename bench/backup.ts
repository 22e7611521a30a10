/**
 * Backups at full scale: `npm run backup`'s work (copy, integrity check, row counts, sha256) on
 * a copy of the 100,000-listing database, once at rest and once while another connection keeps
 * adding listings (as a running server would), then `npm run restore`'s into a new file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeBackup } from '#server/backup/backup.js';
import { restoreBackup } from '#server/backup/restore.js';
import { connect } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import type { BenchData } from './generate-data.js';
import { TMP } from './lib/paths.js';

export interface BackupResult {
  sourceMb: number;
  backupMb: number;
  listings: number;
  pictures: number;
  /** Copy, check, counts and checksum of the database at rest. */
  seconds: number;
  /** The same while a writer adds listings through its own connection. */
  underWritesSeconds: number;
  /** Listings the writer added while that backup ran. */
  writesDuring: number;
  restoreSeconds: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const secondsOf = (ms: number) => Math.round(ms / 100) / 10;

export async function runBackup(data: BenchData): Promise<BackupResult> {
  const dir = path.join(TMP, 'backup');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // The generated database stays as it is for the other parts: the writer writes to a copy.
  const source = path.join(dir, 'source.db');
  fs.copyFileSync(data.file, source);
  const databaseUrl = `sqlite:${source}`;
  const database = connect(databaseUrl);
  const backUp = (name: string) =>
    makeBackup({
      database,
      databaseUrl,
      uploadsDir: path.join(dir, 'no-uploads'),
      out: path.join(dir, name),
    });
  try {
    const atRest = await backUp('at-rest.db');

    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        await createListing(database.db, {
          vendor_id: data.sellerIds[writes % data.sellerIds.length]!,
        });
        writes++;
        // Let the worker's messages through, as a server between requests would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const underWrites = await backUp('under-writes.db');
    writing = false;
    await writer;

    const restoreStarted = performance.now();
    await restoreBackup(atRest.file, `sqlite:${path.join(dir, 'restored.db')}`, { force: false });
    return {
      sourceMb: mb(fs.statSync(data.file).size),
      backupMb: mb(atRest.bytes),
      listings: atRest.rows.listings ?? 0,
      pictures: atRest.rows.images ?? 0,
      seconds: secondsOf(atRest.ms),
      underWritesSeconds: secondsOf(underWrites.ms),
      writesDuring: writes,
      restoreSeconds: secondsOf(performance.now() - restoreStarted),
    };
  } finally {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
