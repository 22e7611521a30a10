// Runs npm scripts side by side and fails if any fails: `node scripts/together.mjs typecheck lint`.
// tsc and ESLint each keep one core busy, so on two cores the pair takes the time of the longer.
// The browser lanes wait on pages, timers and drivers far more than they compute, so they share
// the cores well too (`node scripts/together.mjs --live lane:chromium lane:webdriver`).
// With --live the first script's output streams as it comes (a long run shows its progress);
// every other script's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args[0] === '--live';
const names = live ? args.slice(1) : args;

const results = await Promise.all(
  names.map(
    (name, i) =>
      new Promise((resolve) => {
        const streaming = live && i === 0;
        const child = spawn('npm', ['run', name], {
          env: { ...process.env, FORCE_COLOR: '1' },
          stdio: streaming ? 'inherit' : 'pipe',
        });
        let output = '';
        child.stdout?.on('data', (chunk) => (output += chunk));
        child.stderr?.on('data', (chunk) => (output += chunk));
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
