/**
 * The built app on the real server with a fresh database of demo data, which a test can stop
 * and start again (a phone that loses the server), plus a stand-in tile host on its own origin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { lanePorts } from './ports';

/** A transparent 1x1 PNG: what the stand-in tile host answers for every tile. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface AppServer {
  baseUrl: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and the tile host and deletes the database. */
  close(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app server did not start within 60 s');
}

function startTileHost(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
    res.end(BLANK_TILE);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function startApp(): Promise<AppServer> {
  const buildOut = process.env.BUILD_OUT ?? 'dist';
  if (!existsSync(join(buildOut, 'server', 'main.js'))) {
    throw new Error(`No build in ${buildOut}/: run npm run build first`);
  }
  const { appPort, tilePort } = lanePorts();
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-webkit-app-'));
  const tiles = await startTileHost(tilePort);
  let child: ChildProcess | null = null;

  const app: AppServer = {
    baseUrl,
    async start() {
      if (child) return;
      const started = spawn(process.execPath, [join(buildOut, 'server', 'main.js')], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(appPort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: `sqlite:${join(dataDir, 'webkit.db')}`,
          DEMO_DATA: '1',
          CLIENT_DIR: join(buildOut, 'client'),
          LOG_LEVEL: 'warn',
          TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
        },
      });
      child = started;
      await waitForHealth(baseUrl, started);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      // Open live-event streams may hold a graceful close; a phone sees the same outage.
      const forced = setTimeout(() => running.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(forced);
    },
    async close() {
      await app.stop();
      await new Promise((resolve) => tiles.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await app.start();
  return app;
}

/** The app for the tests of one file: started before them, closed after them. */
export function appForFile(): AppServer {
  let app: AppServer | null = null;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    baseUrl: `http://127.0.0.1:${lanePorts().appPort}`,
    start: () => app!.start(),
    stop: () => app!.stop(),
    close: () => app!.close(),
  };
}
