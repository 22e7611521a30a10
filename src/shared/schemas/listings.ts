import { z } from 'zod';
import {
  AVAILABILITY,
  CATEGORIES,
  CONDITIONS,
  DATE_POSTED,
  LIMITS,
  LISTING_STATUSES,
  MIN_DISCOUNTS,
  MIN_RATINGS,
  PRICE_SORTS,
} from '../constants.js';
import {
  choiceOf,
  id,
  idParam,
  numeric,
  requiredText,
  sellerRatingFields,
  shownText,
} from './common.js';

export const listing = z.object({
  listing_id: z.number(),
  product_id: z.number(),
  title: z.string(),
  price: z.number(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  conditions: z.enum(CONDITIONS),
  thumbnail: z.string().nullable(),
  listing_date: z.string(),
  discount: z.number(),
  ...sellerRatingFields,
  vendor_id: z.number(),
  availability: z.enum(AVAILABILITY),
  listing_status: z.enum(LISTING_STATUSES),
  username: z.string(),
  /**
   * Only on a listing a moderator hid, and only to its seller and to moderators: the reason
   * (every other reader gets 404).
   */
  hidden_reason: z.string().optional(),
});
export type Listing = z.infer<typeof listing>;

/** A product: what its listings say about it. */
export const product = listing.pick({
  product_id: true,
  vendor_id: true,
  title: true,
  description: true,
  category: true,
  thumbnail: true,
});
export type Product = z.infer<typeof product>;

export const category = choiceOf(CATEGORIES, `Category must be one of: ${CATEGORIES.join(', ')}`);
export const condition = choiceOf(CONDITIONS, `Condition must be one of: ${CONDITIONS.join(', ')}`);
export const price = numeric(
  z
    .number({ message: 'Please enter a valid numeric value for the price.' })
    .finite('Please enter a valid numeric value for the price.')
    .min(0, 'Price cannot be negative')
    .max(LIMITS.priceMax, `Price must be at most ${LIMITS.priceMax}`),
);
/** Percent, or a fraction when 1 or less (see discountPercent). */
export const discount = numeric(
  z
    .number({ message: 'Discount must be a number from 0 to 100' })
    .finite('Discount must be a number from 0 to 100')
    .min(0, 'Discount must be a number from 0 to 100')
    .max(100, 'Discount must be a number from 0 to 100'),
);

export const IMAGE_MIMETYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const createListingBody = z.strictObject({
  thumbnail: z.string({ message: 'Please upload an image.' }).min(1, 'Please upload an image.'),
  mimetype: z.enum(IMAGE_MIMETYPES, { message: 'Image must be JPEG, PNG, WebP, GIF or AVIF' }),
  title: shownText('Title', LIMITS.title),
  price,
  description: requiredText('Description', LIMITS.description),
  category,
  conditions: condition,
  vendor_id: id,
  discount: discount.optional(),
});
export type CreateListingBody = z.input<typeof createListingBody>;

export const createListingResponse = z.object({
  listing_id: z.number(),
  product_id: z.number(),
  thumbnail: z.string().nullable(),
});
export type CreateListingResponse = z.infer<typeof createListingResponse>;

export const relistBody = z.strictObject({
  product_id: id,
  price,
  conditions: condition,
  vendor_id: id,
  discount: discount.optional(),
});
export type RelistBody = z.input<typeof relistBody>;

export const updateListingBody = z
  .strictObject({
    availability: z.enum(AVAILABILITY).optional(),
    listing_status: z.enum(LISTING_STATUSES).exclude(['Deleted']).optional(),
  })
  .refine((b) => b.availability !== undefined || b.listing_status !== undefined, {
    message: 'Nothing to update: send availability or listing_status',
  });
export type UpdateListingBody = z.input<typeof updateListingBody>;

export const soldCountResponse = z.object({ count: z.number() });

const searchWord = z.string().trim().max(LIMITS.searchWord, 'Search text is too long');

/** Paging and filters every search call takes on top of the spec's inputs. */
export const searchFilters = z.object({
  condition: condition.optional(),
  priceSort: z.enum(PRICE_SORTS).optional(),
  datePosted: z.enum(DATE_POSTED).optional(),
  minDiscount: numeric(
    z
      .number({ message: 'Unknown discount filter' })
      .refine((n) => (MIN_DISCOUNTS as readonly number[]).includes(n), 'Unknown discount filter'),
  ).optional(),
  minRating: numeric(
    z
      .number({ message: 'Unknown rating filter' })
      .refine((n) => (MIN_RATINGS as readonly number[]).includes(n), 'Unknown rating filter'),
  ).optional(),
  limit: numeric(z.number().int().min(1).max(LIMITS.pageMax)).optional(),
  offset: numeric(z.number().int().min(0).max(1_000_000)).optional(),
});
export type SearchFilters = z.infer<typeof searchFilters>;

export const categoryQuery = searchFilters.extend({ category }).strict();
export const titleQuery = searchFilters.extend({ title: searchWord }).strict();
export const combinedQuery = searchFilters.extend({ category, title: searchWord }).strict();
export const allQuery = searchFilters.strict();
/** GET /api/search: one call for every combination, with a total for paging. */
export const searchQuery = searchFilters
  .extend({ category: category.optional(), title: searchWord.optional() })
  .strict();
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchPage = z.object({
  items: z.array(listing),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /** Only when nothing matches: the search text with unknown words corrected ("calculus"). */
  suggestion: z.string().optional(),
});
export type SearchPage = z.infer<typeof searchPage>;

export const listingParams = z.strictObject({ id: idParam });
export const userIdParams = z.strictObject({ user_id: idParam });

export const featuredQuery = z.strictObject({
  limit: numeric(z.number().int().min(1).max(24)).optional(),
});
