import { defaultPreferences, type NotificationPreferences } from '#shared/notification-kinds.js';
import type { Db } from '#server/db/schema.js';
import { preferenceRowsOf } from './repository.js';

/** Every kind's switches for the person: the ones they changed, the defaults for the rest. */
export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const prefs = defaultPreferences();
  for (const row of await preferenceRowsOf(db, userId)) {
    if (row.kind in prefs) prefs[row.kind] = { push: row.push === 1, email: row.email === 1 };
  }
  return prefs;
}
