/**
 * `npm run restore -- --from FILE [--force]`: a backup into the database DATABASE_URL names
 * (docs/OPERATIONS.md, "Restoring"). Stop every instance using that database first.
 */
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreRefused } from '../backup/restore.js';
import { restoreText } from '../backup/report-text.js';
import { loadConfig } from '../config.js';
import { runWhenMain } from './run-command.js';

const USAGE = 'Usage: npm run restore -- --from FILE [--force]';

export async function restoreCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; text: string }> {
  let values: { from?: string; force?: boolean };
  try {
    values = parseArgs({
      args: [...args],
      options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
    }).values;
  } catch {
    return { code: 2, text: USAGE };
  }
  if (!values.from) return { code: 2, text: USAGE };
  const config = loadConfig(env);
  try {
    const report = await restoreBackup(values.from, config.databaseUrl, {
      force: values.force === true,
    });
    return { code: 0, text: restoreText(report) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { code: 1, text: error instanceof RestoreRefused ? text : `Restore failed: ${text}` };
  }
}

runWhenMain(import.meta.url, restoreCommand);
