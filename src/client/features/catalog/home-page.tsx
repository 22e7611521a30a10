import { useSearchParams } from 'react-router';
import { parseSearch } from '#client/lib/search-state.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { FeaturedSection } from './featured-section';
import { SearchResults } from './search-results';
import '#client/features/catalog/catalog.css';

/** Featured products, or the results of a search (the search lives in the URL). */
export function HomePage() {
  const [params] = useSearchParams();
  const state = parseSearch(params);
  useDocumentTitle(state.searching ? 'Search' : null);
  return (
    <div className="page">
      {state.searching ? <SearchResults state={state} /> : <FeaturedSection />}
    </div>
  );
}
