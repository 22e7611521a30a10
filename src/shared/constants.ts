/** The product's business constants and limits, written once for client, server and worker. */

export const CATEGORIES = [
  'Food',
  'Furniture',
  'Clothing',
  'Stationary',
  'Books',
  'Electronics',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CONDITIONS = ['New', 'Used - Like New', 'Used - Good', 'Used - Fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const PRICE_SORTS = ['low-to-high', 'high-to-low'] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];

export const DATE_POSTED = ['24h', '7d', '30d'] as const;
export type DatePosted = (typeof DATE_POSTED)[number];
export const DATE_POSTED_MS: Record<DatePosted, number> = {
  '24h': 24 * 60 * 60 * 1000,
  '7d': 7 * 24 * 60 * 60 * 1000,
  '30d': 30 * 24 * 60 * 60 * 1000,
};

export const MIN_DISCOUNTS = [10, 25, 50] as const;
export const MIN_RATINGS = [4, 3, 2, 1] as const;

export const AVAILABILITY = ['In Stock', 'Out of Stock'] as const;
export type Availability = (typeof AVAILABILITY)[number];
/** `Deleted` is a soft delete: the listing disappears everywhere but orders keep their history. */
export const LISTING_STATUSES = ['Active', 'Sold', 'Deleted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const SESSION_MINUTES = 30;
export const SESSION_MS = SESSION_MINUTES * 60 * 1000;
export const FEATURED_COUNT = 8;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What the server and the forms say of a larger image. */
export const IMAGE_TOO_LARGE = `Image must be ${IMAGE_MAX_BYTES / 1024 / 1024}MB or less.`;
/** A decoded image may not declare more pixels than this (decompression bombs). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const DEFAULT_RATING = 1;
/**
 * A seller's rating as every answer carries it: the rounded mean of their reviews, or the
 * spec's default of 1 while there are none (answers add `review_count`, so screens can say
 * "No reviews yet" rather than show one star as a verdict). Filters use the same rule.
 */
export function sellerRating(stored: number | null | undefined): number {
  return stored ?? DEFAULT_RATING;
}
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

export const MESSAGE_REFRESH_MS = 100;
export const ORDER_STATUS_REFRESH_MS = 10_000;
export const MAP_ZOOM = 18;

export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  maximumAge: 10_000,
  timeout: 5_000,
} as const;

/** Text limits the spec leaves open; generous for people, small enough to refuse abuse. */
export const LIMITS = {
  username: 40,
  name: 60,
  email: 254,
  passwordMin: 8,
  passwordMax: 200,
  title: 120,
  description: 5000,
  message: 2000,
  specialRequest: 1000,
  comment: 2000,
  priceMax: 1_000_000,
  searchWord: 100,
  pageMax: 200,
  /** Pictures of one listing, the cover included. */
  photos: 5,
  /** Favourites one person keeps (GET /api/favorites answers them all). */
  favorites: 200,
  savedSearches: 20,
} as const;

/** A lowered price shows "was $X" this long after the drop. */
export const PRICE_DROP_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;
/** A saved search tells its owner of new matches at most once in this time. */
export const SAVED_SEARCH_NOTICE_MS = 60 * 60 * 1000;
/**
 * One new listing is checked against at most `scanned` saved searches (read at once, checked in
 * memory) and tells at most `told` of them (each confirmed by the search itself).
 */
export const SAVED_SEARCH_MATCHING = { scanned: 5_000, told: 50 } as const;
/**
 * A favourite's owner hears of a lower price only at a real drop from the price they kept it
 * at (or were last told of): at least this percentage and this many cents.
 */
export const FAVORITE_PRICE_DROP = { percent: 10, cents: 100 } as const;
/** A favourite's owner hears of each kind of news about it at most once in this time. */
export const FAVORITE_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Discounts of 1 or less are fractions, above 1 percent (the product's rule).
 * Returns the discount in percent.
 */
export function discountPercent(discount: number | null | undefined): number {
  if (discount == null || !Number.isFinite(discount) || discount <= 0) return 0;
  return discount <= 1 ? discount * 100 : discount;
}

/**
 * The price before the discount, to show struck through. A listing's `price` is what it asks
 * now: what a buyer pays and what the price sort orders by; its discount says how far that is
 * below the original. Null without a discount, and at 100 % (no original follows from it).
 */
export function priceBeforeDiscount(
  price: number,
  discount: number | null | undefined,
): number | null {
  const percent = discountPercent(discount);
  if (percent <= 0 || percent >= 100 || !Number.isFinite(price)) return null;
  return Math.round((price / (1 - percent / 100)) * 100) / 100;
}

/** The id of the <script type="application/json"> a server-rendered page carries its data in. */
export const SERVER_DATA_ELEMENT_ID = 'server-data';
/**
 * Set on <html> by the browser app once it has taken over a server-rendered page; until then
 * the page's links navigate natively (src/server/ssr/deferred-start.ts).
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
/**
 * Where a server-rendered page keeps the browser's install offer (`beforeinstallprompt`) made
 * before the app's code has started (src/server/ssr/deferred-start.ts); the app takes it from
 * there (src/client/lib/install-offer.ts).
 */
export const EARLY_INSTALL_OFFER = '__installOffer';
