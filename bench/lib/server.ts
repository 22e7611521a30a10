import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { SERVER_NODE_FLAGS } from '#server/node-flags.js';
import { freePort } from '#tests/fixtures/ports.js';
import { CLIENT_DIR, SERVER_MAIN } from './paths.js';

export interface RunningServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** The real built server (as `npm run serve` starts it) on its own database and data folder. */
export async function startAppServer(options: {
  databaseUrl: string;
  dataDir: string;
  demoData: boolean;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: build first`);
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      DEMO_DATA: options.demoData ? '1' : '0',
      CLIENT_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A hundred buyers send far more than one account's share of messages: measure the server.
      FLOOD_LIMITS: 'off',
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 120_000, child);
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** Any node script as a child server (the floor), answering `readyPath` when it listens. */
export async function startNodeServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${readyPath}`, 60_000, child);
  return { url, pid: child.pid!, stop: stopper(child) };
}
