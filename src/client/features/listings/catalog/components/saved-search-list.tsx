import { Link } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { QueryView } from '#client/components/ui/status.js';
import {
  describeSearch,
  searchAddress,
  useDeleteSavedSearch,
  useSavedSearches,
} from '../api/saved-searches-api';
import { Button } from '#client/components/ui/button.js';

/** The person's saved searches: run one again, or delete it. */
export function SavedSearchList({ user }: { user: SessionUser }) {
  const searches = useSavedSearches(user.user_id);
  const remove = useDeleteSavedSearch(user.user_id);
  return (
    <QueryView
      query={searches}
      empty="No saved searches. Search, then choose “Save this search” to hear of new listings that match."
    >
      {(data) => (
        <>
          <ul className="saved-searches" role="list">
            {data.map((search) => {
              const words = describeSearch(search);
              return (
                <li key={search.saved_search_id}>
                  <span>{words}</span>
                  <Link className="btn btn-outline" to={searchAddress(search)}>
                    Show results <span className="visually-hidden">for {words}</span>
                  </Link>
                  <Button
                    variant="danger"
                    disabled={remove.isPending}
                    aria-label={`Delete saved search: ${words}`}
                    onClick={() => remove.mutate(search.saved_search_id)}
                  >
                    Delete
                  </Button>
                </li>
              );
            })}
          </ul>
          {remove.isError && (
            <p className="form-error" role="alert">
              {remove.error.message}
            </p>
          )}
        </>
      )}
    </QueryView>
  );
}
