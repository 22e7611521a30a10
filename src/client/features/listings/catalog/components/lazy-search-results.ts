import { lazyComponent } from '#client/lib/lazy-component.js';

/**
 * The search results, their filters and paging: not in what opening home downloads (most
 * visits start on the featured listings; README, Performance). Loaded when the visitor reaches
 * for home (pointer, tap, focus), when a search box takes focus, or when a search is first
 * shown; `preload` starts it.
 */
export const SearchResults = lazyComponent(() =>
  import('./search-results').then((m) => m.SearchResults),
);
