// Runs the API suite again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL API run: TEST_DATABASE_URL is not set, so the API suite ran on SQLite only.',
  );
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
