// `npm run bench`: the benchmarks in bench/ (TypeScript, run with tsx). See bench/run.ts.
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
