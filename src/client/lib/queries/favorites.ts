/** The signed-in person's favourites: the hearts on cards and listings, the Favourites page. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as favoritePaths from '#shared/api-paths/listings-favorites.js';
import type { Favorite } from '#shared/schemas/listings-favorites.js';
import type { Listing } from '#shared/schemas/listings.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export const favoritesQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.favorites(userId),
    queryFn: () => api<Favorite[]>(favoritePaths.favorites),
  });

/** The ids of the person's favourites; empty for visitors and while loading. */
export function useFavoriteIds(userId: number | undefined): ReadonlySet<number> {
  const { data } = useQuery({
    ...favoritesQuery(userId ?? 0),
    enabled: userId !== undefined,
    select: (list) => new Set(list.map((f) => f.listing_id)),
  });
  return data ?? NO_FAVORITES;
}
const NO_FAVORITES: ReadonlySet<number> = new Set();

/** A listing to keep among the favourites (`favorite`) or to take out of them. */
export interface FavoriteChange {
  listing: Listing;
  favorite: boolean;
}

/**
 * Adds or removes a favourite: the heart changes at once, and goes back if the server refuses
 * (the list is read again). PUT and DELETE are idempotent, so a repeat is harmless.
 */
export function useSetFavorite(userId: number) {
  const client = useQueryClient();
  const key = queryKeys.favorites(userId);
  return useMutation({
    mutationFn: ({ listing, favorite }: FavoriteChange) =>
      api(favoritePaths.favorite(listing.listing_id), { method: favorite ? 'PUT' : 'DELETE' }),
    onMutate: async ({ listing, favorite }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<Favorite[]>(key, (list = []) => {
        const others = list.filter((f) => f.listing_id !== listing.listing_id);
        return favorite
          ? [{ ...listing, favorited_at: new Date().toISOString() }, ...others]
          : others;
      });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
