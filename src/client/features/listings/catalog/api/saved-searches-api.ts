import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as favoritePaths from '#shared/api-paths/listings-favorites.js';
import type { SavedSearch } from '#shared/schemas/listings-saved-searches.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { searchToParams } from '#client/lib/search-state.js';
import { DATE_LABELS, discountLabel, PRICE_SORT_LABELS, ratingLabel } from '../filter-labels';

export const savedSearchesQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.savedSearches(userId),
    queryFn: () => api<SavedSearch[]>(favoritePaths.savedSearches),
  });

export function useSavedSearches(userId: number) {
  return useQuery(savedSearchesQuery(userId));
}

export function useDeleteSavedSearch(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(favoritePaths.savedSearch(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches(userId) }),
  });
}

/** A saved search in words: “lamp” in Furniture · Used - Good · 10% off or more. */
export function describeSearch(search: SavedSearch): string {
  const what = search.title ? `“${search.title}”` : 'Everything';
  return [
    search.category ? `${what} in ${search.category}` : what,
    search.condition,
    search.priceSort && PRICE_SORT_LABELS[search.priceSort],
    search.datePosted && DATE_LABELS[search.datePosted],
    search.minDiscount && discountLabel(search.minDiscount),
    search.minRating && ratingLabel(search.minRating),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The home page's address that runs the search. */
export function searchAddress(search: SavedSearch): string {
  const { title, category, condition, priceSort, datePosted, minDiscount, minRating } = search;
  const params = searchToParams({
    searching: true,
    title,
    category,
    filters: {
      condition,
      priceSort,
      datePosted,
      minDiscount: minDiscount as 10 | 25 | 50 | undefined,
      minRating: minRating as 1 | 2 | 3 | 4 | undefined,
    },
  });
  return `/?${params}`;
}
