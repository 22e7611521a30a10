import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as favoritePaths from '#shared/api-paths/listings-favorites.js';
import type { SearchQuery } from '#shared/schemas/listings.js';
import type { SavedSearch, SavedSearchBody } from '#shared/schemas/listings-saved-searches.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** The search as it is kept: its own fields, without paging. */
function savedFields({ limit: _limit, offset: _offset, ...fields }: SearchQuery): SavedSearchBody {
  return fields;
}

/**
 * Keeps a search for the signed-in person. Saving the same search again is harmless: the server
 * answers with the one it keeps.
 */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ search }: { search: SearchQuery; userId: number }) =>
      api<SavedSearch>(favoritePaths.savedSearches, { method: 'POST', body: savedFields(search) }),
    onSuccess: (_saved, { userId }) =>
      void client.invalidateQueries({ queryKey: queryKeys.savedSearches(userId) }),
  });
}
