import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import * as favoritePaths from '#shared/api-paths/listings-favorites.js';
import type { SearchQuery } from '#shared/schemas/listings.js';
import type { SavedSearch, SavedSearchBody } from '#shared/schemas/listings-saved-searches.js';
import { SignInFirst } from '#client/components/sign-in-first.js';
import { api, ApiError } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import '#client/features/listings/catalog/save-search.css';

const LABEL = 'Save this search';

/** The search as it is kept: its own fields, without paging. */
function savedFields({ limit: _limit, offset: _offset, ...fields }: SearchQuery): SavedSearchBody {
  return fields;
}

/**
 * Keeps the search for a signed-in person (a visitor's button leads to /login). Saving the same
 * search again is harmless: the server answers with the one it keeps.
 */
export function SaveSearch({ search }: { search: SearchQuery }) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { error: string }>('idle');
  const client = useQueryClient();
  const save = async (userId: number) => {
    setState('saving');
    try {
      await api<SavedSearch>(favoritePaths.savedSearches, {
        method: 'POST',
        body: savedFields(search),
      });
      setState('saved');
      void client.invalidateQueries({ queryKey: queryKeys.savedSearches(userId) });
    } catch (error) {
      setState({
        error:
          error instanceof ApiError && error.fromServer
            ? error.message
            : 'The search could not be saved. Please try again.',
      });
    }
  };
  return (
    <div className="btn-row save-search">
      <SignInFirst className="btn btn-outline" reason="search" visitor={LABEL}>
        {(user) =>
          state === 'saved' ? (
            <p role="status">
              Search saved: you will hear of new listings that match it.{' '}
              <Link to="/favorites#saved-searches">Your saved searches</Link>
            </p>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-outline"
                disabled={state === 'saving'}
                onClick={() => void save(user.user_id)}
              >
                {state === 'saving' ? 'Saving…' : LABEL}
              </button>
              {typeof state === 'object' && (
                <p className="form-error" role="alert">
                  {state.error}
                </p>
              )}
            </>
          )
        }
      </SignInFirst>
    </div>
  );
}
