/**
 * The built server for the end-to-end tests (tests/fixtures/built-server.ts): each Playwright
 * worker starts its own on a fresh database with the demo data, so workers run side by side
 * without sharing a listing, a delivery or a rate limit, and the servers a test file starts for
 * itself (other settings, stand-in hosts) take ports of that worker's own block
 * (tests/fixtures/ports.ts).
 */
import { startBuiltServer } from '../fixtures/built-server';
import { freePort, standInPort } from '../fixtures/ports';

export { standInPort };

export interface AppServer {
  url: string;
  /** Where its database and uploads are (a test that moves the clock of a row writes there). */
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The built server (as `npm run serve` runs it) on a fresh database with the demo data, with
 * `env` on top: the settings under test.
 */
export async function startAppServer(port: number, env: Record<string, string>) {
  const server = await startBuiltServer({
    port,
    demoData: true,
    env: {
      // Every test registers its people from this one machine.
      REGISTRATIONS_PER_HOUR: '10000',
      ...env,
    },
  });
  return {
    url: server.url,
    dataDir: server.dataDir,
    stop: async () => {
      await server.stop();
    },
  } satisfies AppServer;
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
