import { lazy, Suspense } from 'react';
import type { SearchQuery } from '#shared/schemas/listings.js';
import { useHydrated } from '#client/lib/use-hydrated.js';

// After the first render: neither visitors' first load nor the home route's budget carries it.
const SaveSearch = lazy(() => import('./save-search').then((m) => ({ default: m.SaveSearch })));

/** "Save this search", beside the filter row: to hear of new listings that match it. */
export function SaveSearchButton({ search }: { search: SearchQuery }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* A new search starts unsaved. */}
      <SaveSearch key={JSON.stringify(search)} search={search} />
    </Suspense>
  );
}
