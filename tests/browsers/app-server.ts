/**
 * The built app on the real server (tests/fixtures/built-server.ts) with a fresh database of
 * demo data, which a journey can stop and start again (a phone that loses the server), plus the
 * stand-in tile host (tests/fixtures/tile-host.ts) on its own origin. One for each lane.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, type BuiltServer } from '../fixtures/built-server';
import { startTileHost } from '../fixtures/tile-host';

export interface AppServer {
  baseUrl: string;
  /** Starts it again after `stop` (the same database); nothing when it runs. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and the tile host and deletes the database. */
  close(): Promise<void>;
}

export async function startApp(ports: { app: number; tiles: number }): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${ports.app}`;
  // The app's own: the database outlives a stop and a start.
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-phone-app-'));
  const tiles = await startTileHost(ports.tiles);
  let server: BuiltServer | null = null;

  const app: AppServer = {
    baseUrl,
    async start() {
      if (server) return;
      server = await startBuiltServer({
        port: ports.app,
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
