import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { connect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { loadMapTiles } from './features/tiles/map-tiles.js';

async function main() {
  const config = loadConfig();
  // A MAP_TILES file that is no tile archive stops the start before the database is touched.
  const mapTiles = await loadMapTiles(config, {
    warn: (message: string) => console.warn(message),
  });
  const database = connect(config.databaseUrl);
  await migrateToLatest(database);
  // The seed (and the image code it uses) loads only when demo data is wanted.
  if (config.demoData) {
    const { seedDemoData } = await import('./db/seed.js');
    const seeded = await seedDemoData(database.db, {
      uploadsDir: config.uploadsDir,
      domain: config.campusEmailDomain,
    });
    if (seeded) console.log('Seeded demo data (see README for the demo accounts).');
  }
  const app = await buildApp({ config, database, mapTiles });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
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
