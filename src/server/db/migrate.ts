import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Connection } from './connect.js';
import { initial } from './migrations/2026-11-22-initial.js';
import { courierPositions } from './migrations/2026-11-23-courier-positions.js';
import { listingSearch } from './migrations/2026-11-24-listing-search.js';
import { searchAtScale } from './migrations/2026-11-25-search-at-scale.js';
import { titleSymbols } from './migrations/2026-11-26-title-symbols.js';
import { reviewCount } from './migrations/2026-11-27-review-count.js';
import { mailAndIdentity } from './migrations/2026-11-28-mail-and-identity.js';
import { images } from './migrations/2026-11-29-images.js';
import { moderation } from './migrations/2026-11-30-moderation.js';
import { accountDeletion } from './migrations/2026-12-07-account-deletion.js';

/** Migrations are compiled into the server bundle, so they are listed here, oldest first. */
function provider(db: Connection): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '2026-11-22-initial': initial(db.dialect),
        '2026-11-23-courier-positions': courierPositions(),
        '2026-11-24-listing-search': listingSearch(db.dialect),
        '2026-11-25-search-at-scale': searchAtScale(db.dialect),
        '2026-11-26-title-symbols': titleSymbols(db.dialect),
        '2026-11-27-review-count': reviewCount(),
        '2026-11-28-mail-and-identity': mailAndIdentity(db.dialect),
        '2026-11-29-images': images(db.dialect),
        '2026-11-30-moderation': moderation(db.dialect),
        '2026-12-07-account-deletion': accountDeletion(),
      };
    },
  };
}

/** Runs the migrations the database has not had yet; answers their names. */
export async function migrateToLatest(db: Connection): Promise<string[]> {
  const migrator = new Migrator({ db: db.db, provider: provider(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
