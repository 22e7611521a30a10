import { lazyComponent } from '#client/lib/lazy-component.js';

/**
 * The search results, their filters and paging: not in the home route's first load (most
 * visits start on the featured listings; README, Performance). Loaded once home is shown, when
 * a search box takes focus, or when a search is first shown; `preload` starts it.
 */
export const SearchResults = lazyComponent(() =>
  import('./search-results').then((m) => m.SearchResults),
);
