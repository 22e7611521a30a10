/**
 * Asks the browser to keep this site's data under storage pressure: the courier's outbox and
 * the saved copy of the app's data live in IndexedDB, which a browser may otherwise clear
 * (Safari after a week without a visit). Chromium and Safari decide by themselves (installed
 * apps are kept); Firefox asks the person, so this runs only where a courier acts, never on a
 * visitor's page load (docs/decisions/025-install-offer.md).
 */

let kept = false;

/** True once the browser has promised to keep the data; asks again only until it has. */
export async function keepOfflineData(): Promise<boolean> {
  if (kept) return true;
  try {
    kept = (await navigator.storage?.persist?.()) === true;
  } catch {
    // No storage manager here (an old browser, a locked-down frame): nothing to ask.
  }
  return kept;
}

export interface OfflineData {
  /** Whether the browser promised to keep it. */
  kept: boolean;
  /** Bytes this site holds (the browser's estimate), when it says. */
  usedBytes: number | null;
}

/** What the browser keeps for this site, or null where it does not say. */
export async function offlineData(): Promise<OfflineData | null> {
  const storage = navigator.storage;
  if (!storage?.persisted) return null;
  try {
    const [persisted, estimate] = await Promise.all([
      storage.persisted(),
      storage.estimate?.().catch(() => null),
    ]);
    return { kept: persisted, usedBytes: estimate?.usage ?? null };
  } catch {
    return null;
  }
}
