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
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
