/**
 * The search of the home page lives in its URL (/?search=1&category=Books&title=lamp&...), so
 * back, forward, reload and shared links all show the same results. The header writes it; the
 * home page reads it.
 */
import {
  CATEGORIES,
  CONDITIONS,
  DATE_POSTED,
  MIN_DISCOUNTS,
  MIN_RATINGS,
  PRICE_SORTS,
  type Category,
  type Condition,
  type DatePosted,
  type PriceSort,
} from '#shared/constants.js';

export interface SearchFilterState {
  condition?: Condition;
  priceSort?: PriceSort;
  datePosted?: DatePosted;
  minDiscount?: (typeof MIN_DISCOUNTS)[number];
  minRating?: (typeof MIN_RATINGS)[number];
}

export interface SearchState {
  /** The spec's "searching flag": a search was made, so results replace the featured items. */
  searching: boolean;
  category?: Category;
  title?: string;
  filters: SearchFilterState;
}

export const FILTER_KEYS = [
  'condition',
  'priceSort',
  'datePosted',
  'minDiscount',
  'minRating',
] as const satisfies readonly (keyof SearchFilterState)[];

function oneOf<T extends string | number>(
  options: readonly T[],
  raw: string | null,
): T | undefined {
  if (raw === null) return undefined;
  // The same leniency as the API: a shared link may say category=books.
  const wanted = raw.trim().toLowerCase();
  return options.find((option) => String(option).toLowerCase() === wanted);
}

export function parseSearch(params: URLSearchParams): SearchState {
  const title = params.get('title')?.trim() || undefined;
  const category = oneOf(CATEGORIES, params.get('category'));
  return {
    searching: params.get('search') === '1' || title !== undefined || category !== undefined,
    category,
    title,
    filters: {
      condition: oneOf(CONDITIONS, params.get('condition')),
      priceSort: oneOf(PRICE_SORTS, params.get('priceSort')),
      datePosted: oneOf(DATE_POSTED, params.get('datePosted')),
      minDiscount: oneOf(MIN_DISCOUNTS, params.get('minDiscount')),
      minRating: oneOf(MIN_RATINGS, params.get('minRating')),
    },
  };
}

export function searchToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (!state.searching) return params;
  params.set('search', '1');
  if (state.category) params.set('category', state.category);
  if (state.title?.trim()) params.set('title', state.title.trim());
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** The URL of the home page showing a search. */
export function searchHref(state: SearchState): string {
  const qs = searchToParams(state).toString();
  return qs ? `/?${qs}` : '/';
}
