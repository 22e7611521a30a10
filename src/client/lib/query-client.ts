import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

const DAY = 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Long enough for the persisted cache to be useful offline.
        gcTime: 7 * DAY,
        // Client errors will not get better by retrying.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
        // Offline, queries wait (paused) and show the persisted cache instead of failing: the
        // service worker does not cache /api/, so trying would only fail (lib/persist.ts).
        networkMode: 'online',
      },
      // Mutations still run offline: courier status updates go to the outbox (lib/outbox-send.ts).
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
