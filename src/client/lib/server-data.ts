/**
 * The data a server-rendered page was rendered with, as the server sends it and the browser's
 * query cache takes it. Plain `setQueryData` on both sides: the page needs no more of
 * TanStack Query than the app already loads (no dehydrate/hydrate code in the first chunk).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type ServerData = { queryKey: QueryKey; data: unknown; updatedAt: number }[];

/** Every answer the server-side render received. */
export function collectServerData(client: QueryClient): ServerData {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
}

/** Puts the server's answers into a cache, fresh as of when the server fetched them. */
export function seedServerData(client: QueryClient, serverData: ServerData): void {
  for (const { queryKey, data, updatedAt } of serverData) {
    client.setQueryData(queryKey, data, { updatedAt });
  }
}
