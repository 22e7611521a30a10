/**
 * The data a server-rendered page was rendered with, as the server sends it and the browser's
 * query cache takes it. Plain `setQueryData` on both sides: the page needs no more of
 * TanStack Query than the app already loads (no dehydrate/hydrate code in the first chunk).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ErrorCode } from '#shared/errors.js';
import { ApiError } from './api';

/**
 * An answer, or the API's "not found" (a missing listing's page renders its message, and the
 * browser must start from that same message to hydrate it).
 */
export type ServerData = (
  | { queryKey: QueryKey; data: unknown; updatedAt: number }
  | { queryKey: QueryKey; notFound: { message: string; code: ErrorCode }; updatedAt: number }
)[];

/** Every answer the server-side render received, and every "not found". */
export function collectServerData(client: QueryClient): ServerData {
  return client
    .getQueryCache()
    .getAll()
    .flatMap((query): ServerData => {
      const { state, queryKey } = query;
      if (state.status === 'success') {
        return [{ queryKey, data: state.data, updatedAt: state.dataUpdatedAt }];
      }
      const error = state.error;
      if (state.status === 'error' && error instanceof ApiError && error.status === 404) {
        const notFound = { message: error.message, code: error.code };
        return [{ queryKey, notFound, updatedAt: state.errorUpdatedAt }];
      }
      return [];
    });
}

/** Puts the server's answers into a cache, fresh as of when the server fetched them. */
export function seedServerData(client: QueryClient, serverData: ServerData): void {
  for (const entry of serverData) {
    if ('data' in entry) {
      client.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt });
      continue;
    }
    const { message, code } = entry.notFound;
    client
      .getQueryCache()
      .build(client, { queryKey: entry.queryKey })
      .setState({
        status: 'error',
        error: new ApiError(404, message, true, code),
        errorUpdatedAt: entry.updatedAt,
      });
    // Shown as the server showed it: a query without data would otherwise mount as loading
    // (to try again), and the page would not hydrate.
    client.setQueryDefaults(entry.queryKey, { retryOnMount: false });
  }
}

/** Once hydrated: the next time a page shows one of those queries, it asks again. */
export function releaseServerData(client: QueryClient, serverData: ServerData): void {
  for (const entry of serverData) {
    if ('notFound' in entry) client.setQueryDefaults(entry.queryKey, {});
  }
}
