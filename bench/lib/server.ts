import { spawn, type ChildProcess } from 'node:child_process';
import { startBuiltServer, waitForHealthy } from '#tests/fixtures/built-server.js';
import { freePort } from '#tests/fixtures/ports.js';

export interface RunningServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
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

/**
 * The real built server (as `npm run serve` starts it, tests/fixtures/built-server.ts) on its
 * own database and data folder.
 */
export async function startAppServer(options: {
  databaseUrl: string;
  dataDir: string;
  demoData: boolean;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const server = await startBuiltServer({
    ...options,
    env: {
      NODE_ENV: 'production',
      // A hundred buyers send far more than one account's share of messages: measure the server.
      FLOOD_LIMITS: 'off',
      ...options.env,
    },
    killAfterMs: 10_000,
  });
  return {
    url: server.url,
    pid: server.pid,
    stop: async () => {
      await server.stop();
    },
  };
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
  await waitForHealthy(`${url}${readyPath}`, child, undefined, 60_000);
  return { url, pid: child.pid!, stop: stopper(child) };
}
