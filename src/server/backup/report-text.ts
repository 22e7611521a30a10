/** What `npm run backup` and `npm run restore` print. */
import type { BackupReport } from './backup.js';
import { rowsText, type RestoreReport } from './restore.js';

const ENGINE = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes.toLocaleString('en-US')} bytes)`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function backupText(r: BackupReport): string {
  return [
    `Backup of the ${ENGINE[r.engine]} database written to ${r.file}`,
    `  size     ${megabytes(r.bytes)}`,
    `  sha256   ${r.sha256}`,
    `  check    ${r.check}`,
    `  rows     ${rowsText(r.rows)}`,
    ...(r.picturesFromDisk > 0
      ? [
          `  pictures ${r.picturesFromDisk} found on disk were put into the database and are in this backup`,
        ]
      : []),
    `  took     ${seconds(r.ms)}`,
  ].join('\n');
}

export function restoreText(r: RestoreReport): string {
  const replaced = Object.keys(r.replaced).length > 0;
  return [
    `Restored ${r.from} into the ${ENGINE[r.engine]} database DATABASE_URL names`,
    `  sha256     ${r.sha256}`,
    `  check      ${r.check}`,
    ...(replaced ? [`  replaced   ${rowsText(r.replaced)}`] : []),
    `  rows       ${rowsText(r.rows)}`,
    `  migrations ${r.migrations.length === 0 ? 'none needed' : r.migrations.join(', ')}`,
    `  took       ${seconds(r.ms)}`,
    'Start the server on it and check a listing, a picture and a sign-in (docs/OPERATIONS.md).',
  ].join('\n');
}
