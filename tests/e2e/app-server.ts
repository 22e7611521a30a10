/**
 * The built server (as `npm run serve` runs it) for the end-to-end tests: each Playwright worker
 * starts its own on a fresh database with the demo data, so workers run side by side without
 * sharing a listing, a delivery or a rate limit, and the servers a test file starts for itself
 * (other settings, stand-in hosts) take ports of that worker's own range.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.js';
import { freePort } from '../fixtures/ports';

/** Ports of one worker's stand-ins: E2E_PORT + 20 × its parallel index + their offsets. */
const PORTS_PER_WORKER = 20;

/** The worker's own port at `offset`, for a server a test file starts for itself. */
export function standInPort(offset: number): number {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return Number(process.env.E2E_PORT ?? 8181) + worker * PORTS_PER_WORKER + offset;
}

export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built server (as `npm run serve` runs it) on a fresh database with the demo data, with
 * `env` on top: the settings under test.
 */
export async function startAppServer(port: number, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-e2e-'));
  const buildOut = process.env.BUILD_OUT ?? 'dist';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${buildOut}/server/main.js`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
      DEMO_DATA: '1',
      CLIENT_DIR: `${buildOut}/client`,
      LOG_LEVEL: 'warn',
      // Every test registers its people from this one machine.
      REGISTRATIONS_PER_HOUR: '10000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, stop } satisfies AppServer;
}

/**
 * The worker's main server, as production runs it: its own map tiles, and the demo seller ben
 * moderating (tests/e2e/moderation/moderation.spec.ts).
 */
export async function startWorkerServer(): Promise<AppServer> {
  // The system's pick: a worker replacing another (new worker fixtures) never waits on its port.
  const port = await freePort();
  return startAppServer(port, {
    TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    MODERATOR_EMAILS: 'ben@sfsu.edu',
  });
}
