import type { DatePosted, PriceSort } from '#shared/constants.js';

/** How the filter row, and a saved search, name each filter's choices. */
/** Short enough for the half-width select of a phone's filter row (390 px wide). */
export const PRICE_SORT_LABELS: Record<PriceSort, string> = {
  'low-to-high': 'Lowest price',
  'high-to-low': 'Highest price',
};
export const DATE_LABELS: Record<DatePosted, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
export const discountLabel = (percent: number) => `${percent}% off or more`;
export const ratingLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'} & up`;
