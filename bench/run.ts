/**
 * `npm run bench`: builds the app, then measures bundle, query plans, API, load, backups of
 * the large database, a Web Push fan-out, two instances behind HAProxy against one, an honest
 * sign-in during a flood of guesses, the campus map (tile endpoint and the courier's save),
 * Lighthouse, repeat visit, offline replay and lie-fi (a network that hangs or crawls while the
 * phone says it is online), new listings with 1,000 saved searches kept (watch), each against its
 * floor where one exists, and writes
 * bench/results.json and bench/results.md. BENCH_ONLY=bundle,api runs a subset (merged into
 * the existing results); BENCH_SKIP_BUILD=1 measures the build already in BUILD_OUT (dist/);
 * BENCH_REUSE_DATA=1 reuses the database the last run generated in bench/tmp.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { runApi } from './api.js';
import { runBackup } from './backup.js';
import { runBalancer } from './balancer.js';
import { checkBudgets } from './budgets.js';
import { runBundle } from './bundle.js';
import { generateData, type BenchData } from './generate-data.js';
import { runGuessing } from './guessing.js';
import { runWatch } from './watch.js';
import { runInp } from './inp.js';
import { runCourierFirstOpen } from './courier-first-open.js';
import { runLieFi } from './lie-fi.js';
import { runLighthouse } from './lighthouse.js';
import { runLighthouseAfterSignIn, runLighthouseSignedIn } from './lighthouse-signed-in.js';
import { runLoad } from './load.js';
import { runMap } from './map.js';
import { RESULTS_JSON, RESULTS_MD, ROOT, TMP } from './lib/paths.js';
import { startAppServer } from './lib/server.js';
import { freePort } from '#tests/fixtures/ports.js';
import { runSync } from './offline.js';
import { runPlans } from './plans.js';
import { runPush } from './push.js';
import { renderMarkdown } from './report.js';
import { startTileHost } from '#tests/fixtures/tile-host.js';
import { runRepeatVisit } from './repeat-visit.js';

type Results = Record<string, unknown>;
const STEPS = [
  'bundle',
  'plans',
  'api',
  'load',
  'guessing',
  'watch',
  'push',
  'backup',
  'balancer',
  'map',
  'lighthouse',
  'lighthouseSignedIn',
  'lighthouseAfterSignIn',
  'inp',
  'courierFirstOpen',
  'repeatVisit',
  'sync',
  'lieFi',
] as const;
type Step = (typeof STEPS)[number];

const only = new Set(
  (process.env.BENCH_ONLY ?? STEPS.join(',')).split(',').map((s) => s.trim()) as Step[],
);
const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;
const log = (message: string) => console.log(`[bench ${seconds(started)}s] ${message}`);

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return null;
  }
}

/** Runs one step; a failure is recorded as `{ error }` (or null with a reason) and the run goes on. */
async function step<T>(name: Step, results: Results, run: () => Promise<T>): Promise<void> {
  if (!only.has(name)) return;
  const t = Date.now();
  log(`${name}...`);
  try {
    results[name] = await run();
    log(`${name} done in ${seconds(t)}s`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`${name} FAILED: ${reason}`);
    results[name] = name === 'sync' ? null : { error: reason };
    if (name === 'sync') results.syncUnavailable = reason;
  }
}

async function main() {
  fs.mkdirSync(TMP, { recursive: true });
  const previous: Results =
    process.env.BENCH_ONLY && fs.existsSync(RESULTS_JSON)
      ? (JSON.parse(fs.readFileSync(RESULTS_JSON, 'utf8')) as Results)
      : {};
  const results: Results = { ...previous };
  const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
  const meta = {
    date: new Date().toISOString(),
    commit: commit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    loadAverageAtStart: load(),
  };

  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  await step('bundle', results, runBundle);

  let data: BenchData | undefined;
  const benchData = async () => {
    const saved = path.join(TMP, 'bench-data.json');
    if (!data && process.env.BENCH_REUSE_DATA === '1' && fs.existsSync(saved)) {
      data = JSON.parse(fs.readFileSync(saved, 'utf8')) as BenchData;
      log('reusing the generated data in bench/tmp (BENCH_REUSE_DATA=1)');
    }
    if (!data) {
      log('generating 10,000 users and 100,000 listings...');
      data = await generateData(path.join(TMP, 'bench.db'));
      fs.writeFileSync(saved, JSON.stringify(data));
      log(`generated in ${data.seconds}s`);
    }
    return data;
  };
  await step('plans', results, async () => runPlans(await benchData()));
  await step('api', results, async () => runApi(await benchData()));
  // 60 s of mixed traffic at 200 connections: the 0-5xx promise of docs/SECURITY.md.
  await step('load', results, async () => runLoad(await benchData()));
  // An honest sign-in while one address floods the server with wrong passwords.
  await step('guessing', results, runGuessing);
  // New listings, one after another, with no saved searches and with 1,000 that find nothing.
  await step('watch', results, runWatch);
  // One event fanned out to 1,000 devices at a local push service, alone and under that load.
  await step('push', results, async () => runPush(await benchData()));
  // npm run backup and restore on the 100,000-listing database, at rest and under writes.
  await step('backup', results, async () => runBackup(await benchData()));
  // Two instances behind HAProxy on PostgreSQL, with the demo data.
  await step('balancer', results, runBalancer);
  // Its own server, with a campus archive drawn for the run and the demo data.
  await step('map', results, runMap);

  // The browser benchmarks share one server with the demo data, as `npm start` serves it, and a
  // tile host of their own on another origin (the real one is out of reach here).
  // They are the steps from 'lighthouse' on.
  const browserSteps = STEPS.slice(STEPS.indexOf('lighthouse'));
  if (browserSteps.some((s) => only.has(s))) {
    const dataDir = path.join(TMP, 'web');
    fs.rmSync(dataDir, { recursive: true, force: true });
    const tileHost = await startTileHost(await freePort());
    const server = await startAppServer({
      databaseUrl: `sqlite:${path.join(dataDir, 'web.db')}`,
      dataDir,
      demoData: true,
      env: { TILE_URL: tileHost.tileUrl },
    });
    try {
      await step('lighthouse', results, () => runLighthouse(server.url));
      await step('lighthouseSignedIn', results, () => runLighthouseSignedIn(server.url));
      await step('lighthouseAfterSignIn', results, () => runLighthouseAfterSignIn(server.url));
      await step('inp', results, () => runInp(server.url));
      await step('courierFirstOpen', results, () => runCourierFirstOpen(server.url));
      await step('repeatVisit', results, () => runRepeatVisit(server.url));
      await step('sync', results, () => runSync(server.url));
      await step('lieFi', results, () => runLieFi(server.url));
    } finally {
      await server.stop();
      await tileHost.close();
    }
  }

  const thisRun = { ...meta, loadAverageAtEnd: load(), seconds: seconds(started) };
  // A partial run (BENCH_ONLY) keeps the full run's description and says what it replaced.
  const previousMeta = previous.meta as { updates?: unknown[] } | undefined;
  results.meta =
    process.env.BENCH_ONLY && previousMeta
      ? {
          ...previousMeta,
          updates: [...(previousMeta.updates ?? []), { steps: [...only], ...thisRun }],
        }
      : thisRun;
  results.budgets = checkBudgets(results);
  fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`);
  // Formatted as the repository's Prettier would, so `npm run lint` stays green after a run.
  const options = (await prettier.resolveConfig(RESULTS_MD)) ?? {};
  fs.writeFileSync(
    RESULTS_MD,
    await prettier.format(renderMarkdown(results), { ...options, parser: 'markdown' }),
  );
  log(`wrote ${path.relative(ROOT, RESULTS_JSON)} and ${path.relative(ROOT, RESULTS_MD)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
