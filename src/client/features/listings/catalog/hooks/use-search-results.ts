import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchQuery } from '#shared/schemas/listings.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { fetchSearchPage, nextOffset } from '../api/search-api';

export const searchResultsQuery = (query: SearchQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(query),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export function useSearchResults(query: SearchQuery) {
  return useInfiniteQuery(searchResultsQuery(query));
}
