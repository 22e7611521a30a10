import { useSearchParams } from 'react-router';
import { parseSearch } from '../../lib/search-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FeaturedSection } from './featured-section';
import { SearchResults } from './search-results';
import '../../styles/catalog.css';

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
