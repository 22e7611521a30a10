import { z } from 'zod';
import { CATEGORIES, CONDITIONS, DATE_POSTED, PRICE_SORTS } from '../constants.js';
import { searchQuery } from './listings.js';

/**
 * POST /api/saved-searches: the search's own fields (title, category and the filters of the
 * filter row), checked by the search's own schema; paging is not part of a search.
 */
export const savedSearchBody = searchQuery.omit({ limit: true, offset: true });
export type SavedSearchBody = z.input<typeof savedSearchBody>;
/** A search as it is kept and matched: the fields a person chose, nothing else. */
export type SavedSearchQuery = z.output<typeof savedSearchBody>;

export const savedSearch = z.object({
  saved_search_id: z.number(),
  title: z.string().optional(),
  category: z.enum(CATEGORIES).optional(),
  condition: z.enum(CONDITIONS).optional(),
  priceSort: z.enum(PRICE_SORTS).optional(),
  datePosted: z.enum(DATE_POSTED).optional(),
  minDiscount: z.number().optional(),
  minRating: z.number().optional(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
