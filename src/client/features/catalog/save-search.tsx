import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { API } from '#shared/api-paths.js';
import type { SearchQuery } from '#shared/schemas/listings.js';
import type { SavedSearch, SavedSearchBody } from '#shared/schemas/saved-searches.js';
import { api, ApiError } from '#client/lib/api.js';

/** The search as it is kept: its own fields, without paging. */
function savedFields({ limit: _limit, offset: _offset, ...fields }: SearchQuery): SavedSearchBody {
  return fields;
}

/**
 * Keeps the search for a signed-in person. Saving the same search again is harmless (the
 * server answers with the one it keeps).
 */
export function SaveSearch({ search, label }: { search: SearchQuery; label: string }) {
  const client = useQueryClient();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { error: string }>('idle');
  if (state === 'saved') {
    return (
      <p className="save-search-done" role="status">
        Search saved: you will hear of new listings that match it.{' '}
        <Link to="/favorites#saved-searches">Your saved searches</Link>
      </p>
    );
  }
  const save = async () => {
    setState('saving');
    try {
      await api<SavedSearch>(API.savedSearches, { method: 'POST', body: savedFields(search) });
      setState('saved');
      void client.invalidateQueries({ queryKey: ['saved-searches'] });
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
    <>
      <button
        type="button"
        className="btn btn-outline save-search"
        disabled={state === 'saving'}
        onClick={() => void save()}
      >
        {state === 'saving' ? 'Saving…' : label}
      </button>
      {typeof state === 'object' && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
    </>
  );
}
