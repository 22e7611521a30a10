import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { connect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { withStartLock } from './db/start-lock.js';
import { loadMapTiles } from './features/tiles/map-tiles.js';
import { databaseImageStore } from './images/database-store.js';
import { importUploadedFiles } from './images/import-files.js';

/** A stop never takes longer: process managers and balancers count on it. */
const STOP_DEADLINE_MS = 10_000;

async function main() {
  const config = loadConfig();
  // A MAP_TILES file that is no tile archive stops the start before the database is touched.
  const mapTiles = await loadMapTiles(config, {
    warn: (message: string) => console.warn(message),
  });
  const database = connect(config.databaseUrl);
  await migrateToLatest(database);
  await withStartLock(database, async (db) => {
    // Pictures that earlier versions kept as files move into the database, so every instance
    // serves them.
    const { moved, kept } = await importUploadedFiles(databaseImageStore(db), config.uploadsDir);
    if (moved > 0)
      console.log(`Moved ${moved} pictures from ${config.uploadsDir} into the database.`);
    for (const { file, reason } of kept) console.warn(`Left ${file} in place: ${reason}.`);
    // The seed (and the image code it uses) loads only when demo data is wanted.
    if (config.demoData) {
      const { seedDemoData } = await import('./db/seed.js');
      const seeded = await seedDemoData(db, { domain: config.campusEmailDomains[0]! });
      if (seeded) console.log('Seeded demo data (see README for the demo accounts).');
    }
  });
  const app = await buildApp({ config, database, mapTiles });

  /**
   * A graceful stop: health answers 503 at once while requests are still served, for
   * SHUTDOWN_DRAIN_MS (long enough for a balancer to mark the instance down); then the instance
   * stops listening (new connections are refused), lets the requests in flight finish, ends its
   * event streams with a hint to reconnect (to another instance), and exits.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    try {
      app.drain();
      if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
      await app.close();
      await database.destroy();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error(error, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
