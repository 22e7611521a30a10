import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * When the data on screen (the queries being watched) last came from the server; the queries
 * of the app's frame (`FRAME_QUERY`) are not the screen's.
 */
export function useLastUpdated(): number | null {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const snapshot = useCallback(() => {
    let latest = 0;
    for (const query of cache.findAll({ type: 'active' })) {
      if (query.meta?.frame) continue;
      latest = Math.max(latest, query.state.dataUpdatedAt);
    }
    return latest || null;
  }, [cache]);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** "3:41 PM" today, "Nov 21, 3:41 PM" before. */
export function formatUpdatedAt(at: number, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return date
    .toLocaleString(
      'en-US',
      sameDay
        ? { hour: 'numeric', minute: '2-digit' }
        : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    )
    .replace(/\u202f/g, ' '); // newer ICU puts a narrow no-break space before AM/PM
}
