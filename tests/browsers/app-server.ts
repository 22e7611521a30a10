/**
 * The built app on the real server (tests/fixtures/built-server.ts) with a fresh database of
 * demo data, which a test can stop and start again (a phone that loses the server), plus the
 * stand-in tile host (tests/fixtures/tile-host.ts) on its own origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../fixtures/built-server';
import { webkitPorts } from '../fixtures/ports';
import { startTileHost } from '../fixtures/tile-host';

export interface AppServer {
  baseUrl: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and the tile host and deletes the database. */
  close(): Promise<void>;
}

export async function startApp(): Promise<AppServer> {
  const { app: appPort, tiles: tilePort } = webkitPorts();
  const baseUrl = `http://127.0.0.1:${appPort}`;
  // The app's own: the database outlives a stop and a start.
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-webkit-app-'));
  const tiles = await startTileHost(tilePort);
  let server: BuiltServer | null = null;

  const app: AppServer = {
    baseUrl,
    async start() {
      if (server) return;
      server = await startBuiltServer({
        port: appPort,
        dataDir,
        demoData: true,
        env: { TILE_URL: tiles.tileUrl },
        output: 'stderr',
        // Open live-event streams may hold a graceful close; a phone sees the same outage.
        killAfterMs: 3_000,
      });
    },
    async stop() {
      const running = server;
      server = null;
      await running?.stop();
    },
    async close() {
      await app.stop();
      await tiles.close();
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
    baseUrl: `http://127.0.0.1:${webkitPorts().app}`,
    start: () => app!.start(),
    stop: () => app!.stop(),
    close: () => app!.close(),
  };
}
