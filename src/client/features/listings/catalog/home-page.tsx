import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingNote } from '#client/components/ui/status.js';
import { parseSearch } from '#client/lib/search-state.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { FeaturedSection } from './components/featured-section';
import { SearchResults } from './components/lazy-search-results';
import '#client/features/listings/catalog/catalog.css';

/** Featured products, or the results of a search (the search lives in the URL). */
export function HomePage() {
  const [params] = useSearchParams();
  const state = parseSearch(params);
  useDocumentTitle(state.searching ? 'Search' : null);
  // A category chip or a search is the likely next step: its code comes once the page is shown.
  useEffect(() => void SearchResults.preload().catch(() => {}), []);
  return (
    <div className="page">
      {state.searching ? (
        <Suspense fallback={<LoadingNote />}>
          <SearchResults state={state} />
        </Suspense>
      ) : (
        <FeaturedSection />
      )}
    </div>
  );
}
