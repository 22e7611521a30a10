/**
 * `npm run moderator -- grant|revoke <email>`: gives or takes the moderator role, on the
 * database DATABASE_URL names (the same variables as the server). Every change is audited.
 */
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { SCRIPT_ACTOR, setModerator } from '../safety/moderator-role.js';
import { accountByEmail } from '../safety/repository.js';
import { runWhenMain } from './run-command.js';

const USAGE = 'Usage: npm run moderator -- grant|revoke <campus e-mail>';

/** Runs the command; answers what to print and the exit code. */
export async function moderatorCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; text: string }> {
  const [verb, rawEmail, ...rest] = args;
  if ((verb !== 'grant' && verb !== 'revoke') || !rawEmail || rest.length > 0) {
    return { code: 2, text: USAGE };
  }
  const email = rawEmail.trim().toLowerCase();
  const config = loadConfig(env);
  const database = connect(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const person = await accountByEmail(database.db, email);
    if (!person) return { code: 1, text: `No account has the e-mail ${email}.` };
    const changed = await setModerator(database.db, person, verb === 'grant', SCRIPT_ACTOR);
    const state =
      verb === 'grant'
        ? changed
          ? 'is now a moderator'
          : 'is already a moderator'
        : changed
          ? 'is no longer a moderator'
          : 'is not a moderator';
    return { code: 0, text: `${person.username} (${email}) ${state}.` };
  } finally {
    await database.destroy();
  }
}

runWhenMain(import.meta.url, moderatorCommand);
