import { Link } from 'react-router';
import type { SearchQuery } from '#shared/schemas/listings.js';
import { SignInFirst } from '#client/components/sign-in-first.js';
import { Button } from '#client/components/ui/button.js';
import { ApiError } from '#client/lib/api.js';
import { useSaveSearch } from '../api/save-search-api';
import '#client/features/listings/catalog/save-search.css';

const LABEL = 'Save this search';

/**
 * Keeps the search for a signed-in person (a visitor's button leads to /login). Saving the same
 * search again is harmless: the server answers with the one it keeps.
 */
export function SaveSearch({ search }: { search: SearchQuery }) {
  const save = useSaveSearch();
  const error =
    save.error &&
    (save.error instanceof ApiError && save.error.fromServer
      ? save.error.message
      : 'The search could not be saved. Please try again.');
  return (
    <div className="btn-row save-search">
      <SignInFirst className="btn btn-outline" reason="search" visitor={LABEL}>
        {(user) =>
          save.isSuccess ? (
            <p role="status">
              Search saved: you will hear of new listings that match it.{' '}
              <Link to="/favorites#saved-searches">Your saved searches</Link>
            </p>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={save.isPending}
                onClick={() => save.mutate({ search, userId: user.user_id })}
              >
                {save.isPending ? 'Saving…' : LABEL}
              </Button>
              {error && (
                <p className="form-error" role="alert">
                  {error}
                </p>
              )}
            </>
          )
        }
      </SignInFirst>
    </div>
  );
}
