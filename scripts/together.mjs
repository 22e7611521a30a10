// Runs npm scripts side by side and fails if any fails: `node scripts/together.mjs typecheck lint`.
// tsc and ESLint each keep one core busy, so on two cores the pair takes the time of the longer.
// Each script's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', name], { env: { ...process.env, FORCE_COLOR: '1' } });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(output);
          resolve({ name, code });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
