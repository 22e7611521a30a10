/**
 * `npm run restore -- --from FILE [--force]`: a backup into the database DATABASE_URL names
 * (docs/OPERATIONS.md, "Restoring"). Stop every instance using that database first.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreRefused } from '../backup/restore.js';
import { restoreText } from '../backup/report-text.js';
import { loadConfig } from '../config.js';

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
    const report = await restoreBackup({
      from: values.from,
      databaseUrl: config.databaseUrl,
      force: values.force === true,
    });
    return { code: 0, text: restoreText(report) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { code: 1, text: error instanceof RestoreRefused ? text : `Restore failed: ${text}` };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  restoreCommand(process.argv.slice(2), process.env).then(
    ({ code, text }) => {
      (code === 0 ? console.log : console.error)(text);
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
