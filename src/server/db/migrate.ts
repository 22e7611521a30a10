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
import { idempotency } from './migrations/2026-12-01-idempotency.js';
import { deliveryProof } from './migrations/2026-12-02-delivery-proof.js';
import { searchWords } from './migrations/2026-12-03-search-words.js';
import { signInGuard } from './migrations/2026-12-04-sign-in-guard.js';
import { deliveryColumnsBack } from './migrations/2026-12-05-delivery-columns-back.js';
import { notifications } from './migrations/2026-12-05-notifications.js';
import { deliveryRequestsBuyer } from './migrations/2026-12-08-delivery-requests-buyer.js';
import { listingPhotos } from './migrations/2026-12-09-listing-photos.js';
import { accountDeletion } from './migrations/2026-12-10-account-deletion.js';
import { messageClientId } from './migrations/2026-12-11-message-client-id.js';
import { reportSnapshots } from './migrations/2026-12-12-report-snapshots.js';
import { orderSnapshots } from './migrations/2026-12-12-order-snapshots.js';
import { watchFloods } from './migrations/2026-12-12-watch-floods.js';
import { searchTrigger } from './migrations/2026-12-12-search-trigger.js';
import { sales } from './migrations/2026-12-13-sales.js';
import { meetings } from './migrations/2026-12-14-meetings.js';

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
        '2026-12-01-idempotency': idempotency(),
        '2026-12-02-delivery-proof': deliveryProof(db.dialect),
        '2026-12-03-search-words': searchWords(db.dialect),
        '2026-12-04-sign-in-guard': signInGuard(),
        '2026-12-05-delivery-columns-back': deliveryColumnsBack(db.dialect),
        '2026-12-05-notifications': notifications(db.dialect),
        '2026-12-08-delivery-requests-buyer': deliveryRequestsBuyer(),
        '2026-12-09-listing-photos': listingPhotos(db.dialect),
        '2026-12-10-account-deletion': accountDeletion(db.dialect),
        '2026-12-11-message-client-id': messageClientId(),
        '2026-12-12-report-snapshots': reportSnapshots(),
        '2026-12-12-order-snapshots': orderSnapshots(),
        '2026-12-12-watch-floods': watchFloods(),
        '2026-12-12-search-trigger': searchTrigger(db.dialect),
        '2026-12-13-sales': sales(db.dialect),
        '2026-12-14-meetings': meetings(db.dialect),
      };
    },
  };
}

/** The migrator of this schema; tests step it to a migration to test the next on older data. */
export function migratorFor(db: Connection): Migrator {
  return new Migrator({
    db: db.db,
    provider: provider(db),
    // Work merged out of date order (a change dated before one already applied here) still
    // applies and runs once whatever its place; when its order matters, a later migration
    // mends it (2026-12-05-delivery-columns-back).
    allowUnorderedMigrations: true,
  });
}

/** Runs the migrations the database has not had yet; answers their names. */
export async function migrateToLatest(db: Connection): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
