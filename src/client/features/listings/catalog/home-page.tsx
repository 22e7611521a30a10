import { Suspense } from 'react';
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
  // A category chip or a search is the likely next step: its code comes as soon as the visitor
  // reaches for the page (a pointer over it, a tap, a focus), not with what a phone downloads
  // for simply opening home (bench/bundle.ts).
  const loadResultsCode = () => void SearchResults.preload().catch(() => {});
  return (
    <div
      className="page"
      onPointerOver={loadResultsCode}
      onPointerDown={loadResultsCode}
      onFocus={loadResultsCode}
    >
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
