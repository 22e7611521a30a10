import { Link, useSearchParams } from 'react-router';
import { ReadyButton } from '#client/components/ui/form-controls.js';
import { ListingGrid } from '#client/components/ui/listing-card.js';
import { EmptyNote, ErrorNote, LoadingNote } from '#client/components/ui/status.js';
import {
  searchHref,
  searchToParams,
  type SearchFilterState,
  type SearchState,
} from '#client/lib/search-state.js';
import { usePageMeta } from '#client/lib/use-document-title.js';
import { FilterRow } from './filter-row';
import { SaveSearchButton } from './save-search-button';
import { toSearchQuery } from '../api/search-api';
import { useSearchResults } from '../hooks/use-search-results';

function heading(state: SearchState): string {
  if (state.title && state.category) return `“${state.title}” in ${state.category}`;
  if (state.title) return `Results for “${state.title}”`;
  if (state.category) return state.category;
  return 'All products';
}

/** Search results with the filter row; pages of 24 with "Load more". */
export function SearchResults({ state }: { state: SearchState }) {
  const [, setParams] = useSearchParams();
  const query = toSearchQuery(state);
  const results = useSearchResults(query);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const suggestion = results.data?.pages[0]?.suggestion;
  // For the server: the search's own address (its words and filters, nothing else) and a line
  // for link previews.
  usePageMeta({
    path: searchHref(state),
    description: `${heading(state)}: ${total} item${total === 1 ? '' : 's'} for sale on campus.`,
  });

  const changeFilters = (filters: SearchFilterState) =>
    setParams(searchToParams({ ...state, filters }));

  return (
    <section aria-labelledby="results-title">
      <div className="page-head">
        <h1 id="results-title">{heading(state)}</h1>
        <p className="result-count" role="status">
          {results.isSuccess && `${total} item${total === 1 ? '' : 's'}`}
          {suggestion && (
            <>
              {' · Did you mean '}
              <Link to={searchHref({ ...state, title: suggestion })}>{suggestion}</Link>?
            </>
          )}
        </p>
      </div>
      <FilterRow filters={state.filters} onChange={changeFilters} />
      <SaveSearchButton search={query} />
      {results.isPending ? (
        <LoadingNote />
      ) : results.isError && items.length === 0 ? (
        <ErrorNote error={results.error} onRetry={() => void results.refetch()} />
      ) : items.length === 0 ? (
        <EmptyNote>No items match your search. Try another word, category or filter.</EmptyNote>
      ) : (
        <>
          <ListingGrid listings={items} eagerCount={4} priorityCount={2} headingLevel={2} />
          <div className="load-more">
            <p>
              Showing {items.length} of {total}
            </p>
            {results.hasNextPage && (
              <ReadyButton
                variant="outline"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </ReadyButton>
            )}
            {results.isFetchNextPageError && <ErrorNote error={results.error} />}
          </div>
        </>
      )}
    </section>
  );
}
