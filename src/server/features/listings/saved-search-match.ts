/**
 * A new listing against many saved searches at once: each search's conditions checked in memory
 * on the listing in hand (search-repository.ts filtersOf, titleCondition; search-words.ts), so
 * only the searches that may find it are asked of the database, where the search's own query
 * (searchFinds) has the last word. A search let through here may still be refused there; one
 * refused here would be refused there too.
 */
import { DATE_POSTED_MS, DEFAULT_RATING, discountPercent } from '#shared/constants.js';
import type { SavedSearchQuery } from '#shared/schemas/listings-saved-searches.js';
import { titleWords } from './search-repository.js';
import { queryWords, textMatcher, wordKeys } from './search-words.js';

/** What the searches' conditions read of a new listing. */
export interface ListingInHand {
  title: string;
  description: string;
  category: string;
  conditions: string | null;
  discount: number | null;
  listing_date: string;
  listing_status: string;
  /** The seller's rating; null: none yet. */
  rating: number | null;
}

/** What the check reads of a search's title, worked out once per search (kept by the caller). */
export function prepareQuery(q: SavedSearchQuery) {
  const words = queryWords(q.title);
  return { words, keys: wordKeys(words) };
}
export type PreparedQuery = ReturnType<typeof prepareQuery>;

/** A check of saved searches against one listing. */
export function mayFind(listing: ListingInHand, now = Date.now()) {
  const matchesText = textMatcher(`${listing.title} ${listing.description} ${listing.category}`);
  const listedAt = Date.parse(listing.listing_date);
  const percent = discountPercent(listing.discount);
  const rating = listing.rating ?? DEFAULT_RATING;
  return (q: SavedSearchQuery, { words, keys }: PreparedQuery = prepareQuery(q)): boolean => {
    if (listing.listing_status !== 'Active') return false;
    if (q.category && q.category !== listing.category) return false;
    if (q.condition && q.condition !== listing.conditions) return false;
    if (q.datePosted && listedAt < now - DATE_POSTED_MS[q.datePosted]) return false;
    if (q.minDiscount && percent < q.minDiscount) return false;
    if (q.minRating && rating < q.minRating) return false;
    if (words.length > 0) return matchesText(words, keys);
    // Only punctuation ("%"): each piece must be in the title as typed.
    return titleWords(q.title).every((piece) => listing.title.includes(piece));
  };
}
