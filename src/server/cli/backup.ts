/**
 * `npm run backup -- --out FILE`: a consistent, checked copy of the database DATABASE_URL names,
 * made while the server runs (docs/OPERATIONS.md, "Backing up").
 */
import { parseArgs } from 'node:util';
import { makeBackup } from '../backup/backup.js';
import { finishRun, startRun, thisInstance } from '../backup/runs-repository.js';
import { backupText } from '../backup/report-text.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { runWhenMain } from './run-command.js';

const USAGE = 'Usage: npm run backup -- --out FILE';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function backupCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; text: string }> {
  let out: string | undefined;
  try {
    out = parseArgs({ args: [...args], options: { out: { type: 'string' } } }).values.out;
  } catch {
    return { code: 2, text: USAGE };
  }
  if (!out) return { code: 2, text: USAGE };
  const config = loadConfig(env);
  const database = connect(config.databaseUrl);
  const notes: string[] = [];
  try {
    // Recorded beside the server's own backups, so /metrics knows the last good one. A
    // database of an older version has no record to write to; the backup goes on.
    const runId = await startRun(database.db, 'manual', thisInstance('npm run backup')).catch(
      (error: unknown) => {
        notes.push(`(not recorded in backup_runs: ${message(error)})`);
        return null;
      },
    );
    try {
      const report = await makeBackup({
        database,
        databaseUrl: config.databaseUrl,
        uploadsDir: config.uploadsDir,
        out,
      });
      if (runId !== null) {
        await finishRun(database.db, runId, {
          status: 'ok',
          file: report.file,
          bytes: report.bytes,
          sha256: report.sha256,
        });
      }
      return { code: 0, text: [backupText(report), ...notes].join('\n') };
    } catch (error) {
      if (runId !== null) {
        await finishRun(database.db, runId, { status: 'failed', file: out, error: message(error) });
      }
      return { code: 1, text: [`Backup failed: ${message(error)}`, ...notes].join('\n') };
    }
  } finally {
    await database.destroy();
  }
}

runWhenMain(import.meta.url, backupCommand);
