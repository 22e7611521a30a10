/**
 * Search calls. The spec's four calls (category only, title only, both, neither) return plain
 * lists; the server also accepts the filters and limit/offset on them. The home page pages
 * through GET /api/search instead, the same search with a `total`, so it can say how many
 * items match and offer "Load more" without rendering thousands of cards
 * (docs/decisions/011-storefront-search.md). `fetchSpecSearch` keeps the four spec calls available,
 * chosen by which inputs are set, for clients written against the spec.
 */
import * as listingPaths from '#shared/api-paths/listings.js';
import type { Listing, SearchPage, SearchQuery } from '#shared/schemas/listings.js';
import { api } from '#client/lib/api.js';
import type { SearchState } from '#client/lib/search-state.js';

export const PAGE_SIZE = 24;

/** The server query for a search state: category, word and filters, without paging. */
export function toSearchQuery(state: SearchState): SearchQuery {
  const query: SearchQuery = {};
  if (state.category) query.category = state.category;
  if (state.title) query.title = state.title;
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== undefined) (query as Record<string, unknown>)[key] = value;
  }
  return query;
}

/** Which of the spec's four calls serves these inputs. */
export function specSearchPath(query: Pick<SearchQuery, 'category' | 'title'>): string {
  if (query.category && query.title) return listingPaths.combined;
  if (query.category) return listingPaths.category;
  if (query.title) return listingPaths.title;
  return listingPaths.all;
}

/** The spec's call for the inputs set; the filters ride along. */
export function fetchSpecSearch(query: SearchQuery, signal?: AbortSignal): Promise<Listing[]> {
  return api<Listing[]>(specSearchPath(query), { query: { ...query }, signal });
}

/** One page of results with the total, for paging. */
export function fetchSearchPage(
  query: SearchQuery,
  offset: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  return api<SearchPage>(listingPaths.search, {
    query: { ...query, limit: PAGE_SIZE, offset },
    signal,
  });
}

export function nextOffset(page: SearchPage): number | undefined {
  const next = page.offset + page.items.length;
  return page.items.length > 0 && next < page.total ? next : undefined;
}
