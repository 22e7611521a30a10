import type { QueryClient } from '@tanstack/react-query';
import { defaultCampus } from '#shared/campus.js';
import { SAVED_CAMPUS } from './campus-adopt';
import { configQuery } from './queries/config';

/**
 * A start from the service worker's app shell used the campus saved by the last page from the
 * server: the server's config (cached as usual, an hour) says whether it still holds, and the
 * next start uses what it says. An operator's new campus file reaches installed apps this way.
 */
export async function refreshSavedCampus(client: QueryClient): Promise<void> {
  const config = await client.fetchQuery(configQuery()).catch(() => null);
  // Offline, or a server that does not say: the saved campus stays.
  if (!config?.campus) return;
  const file = JSON.stringify(config.campus);
  try {
    if (file === JSON.stringify(defaultCampus().file)) localStorage.removeItem(SAVED_CAMPUS);
    else localStorage.setItem(SAVED_CAMPUS, file);
  } catch {
    // Storage refused: the next start asks again.
  }
}
