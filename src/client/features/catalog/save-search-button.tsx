import { lazy, Suspense } from 'react';
import type { SearchQuery } from '#shared/schemas/listings.js';
import { SignInFirst } from '#client/components/sign-in-first.js';

// Saving is for signed-in people only: visitors never load its code (home route budget).
const SaveSearch = lazy(() => import('./save-search').then((m) => ({ default: m.SaveSearch })));

const LABEL = 'Save this search';

/** "Save this search", beside the filter row: to hear of new listings that match it. */
export function SaveSearchButton({ search }: { search: SearchQuery }) {
  return (
    <SignInFirst className="btn btn-outline save-search" visitor={LABEL}>
      {() => (
        <Suspense
          fallback={
            <button type="button" className="btn btn-outline save-search" disabled>
              {LABEL}
            </button>
          }
        >
          {/* A new search starts unsaved. */}
          <SaveSearch key={JSON.stringify(search)} search={search} label={LABEL} />
        </Suspense>
      )}
    </SignInFirst>
  );
}
