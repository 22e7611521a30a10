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
   * The price before the latest drop while the listing shows "was $X" (a week from the drop,
   * until `was_price_until`); null otherwise. The lowest price of the week before the drop, so
   * a price raised for a moment makes no bargain (docs/api.md, "Shapes").
   */
  was_price: z.number().nullable(),
  was_price_until: z.string().nullable(),
  /**
   * Only on a listing a moderator hid, and only to its seller and to moderators: the reason
   * (every other reader gets 404).
   */
  hidden_reason: z.string().optional(),
});
export type Listing = z.infer<typeof listing>;

/**
 * GET /api/listing/{id}: the listing with every picture's URL, cover first (the cover is also
 * `thumbnail`, which cards and older clients read). Empty when the listing has no picture.
 */
export const listingDetail = listing.extend({ photos: z.array(z.string()) });
export type ListingDetail = z.infer<typeof listingDetail>;

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
export const PRICE_CENTS_MESSAGE = 'Price must be in whole cents (at most two decimals).';

/**
 * Money is whole cents (decision 003): 12.5 and 19.99 are, 10.005 is not. Rounding it instead
 * would change what the person typed (0.004 became $0.00). The tolerance absorbs binary
 * fractions only (19.99 * 100 is 1998.9999999999998).
 */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export const price = numeric(
  z
    .number({ message: 'Please enter a valid numeric value for the price.' })
    .finite('Please enter a valid numeric value for the price.')
    .min(0, 'Price cannot be negative')
    .max(LIMITS.priceMax, `Price must be at most ${LIMITS.priceMax}`)
    .refine(isWholeCents, PRICE_CENTS_MESSAGE),
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

/** A picture as base64 (or a data URL); its bytes are decoded whatever `mimetype` claims. */
const pictureData = z
  .string({ message: 'Please upload an image.' })
  .min(1, 'Please upload an image.');
const pictureType = z.enum(IMAGE_MIMETYPES, {
  message: 'Image must be JPEG, PNG, WebP, GIF or AVIF',
});
/** One more picture of a listing, sent as the cover is. */
export const photoUpload = z.strictObject({ thumbnail: pictureData, mimetype: pictureType });
export type PhotoUpload = z.input<typeof photoUpload>;

export const TOO_MANY_PHOTOS = `A listing has at most ${LIMITS.photos} photos, the cover included.`;

/** What a seller writes about a listing: the same rules when it is created and edited. */
const listingText = {
  title: shownText('Title', LIMITS.title),
  description: requiredText('Description', LIMITS.description),
};

export const createListingBody = z.strictObject({
  thumbnail: pictureData,
  mimetype: pictureType,
  title: listingText.title,
  price,
  description: listingText.description,
  category,
  conditions: condition,
  vendor_id: id,
  discount: discount.optional(),
  /** More pictures after the cover (`thumbnail`), in order. */
  photos: z
    .array(photoUpload)
    .max(LIMITS.photos - 1, TOO_MANY_PHOTOS)
    .optional(),
});
export type CreateListingBody = z.input<typeof createListingBody>;

type KeptPhoto = { url: string };
type NewPhoto = { thumbnail: string; mimetype: (typeof IMAGE_MIMETYPES)[number] };

/**
 * A picture of an edited listing: `{ url }` keeps one it has (a URL of its `photos`), and
 * `{ thumbnail, mimetype }` adds a new one.
 */
export const editPhoto = z
  .strictObject({
    url: z.string({ message: 'A photo URL must be text' }).max(300).optional(),
    thumbnail: pictureData.optional(),
    mimetype: pictureType.optional(),
  })
  .transform((photo, ctx): KeptPhoto | NewPhoto => {
    if (photo.url !== undefined && photo.thumbnail === undefined && photo.mimetype === undefined) {
      return { url: photo.url };
    }
    if (photo.url === undefined && photo.thumbnail !== undefined && photo.mimetype !== undefined) {
      return { thumbnail: photo.thumbnail, mimetype: photo.mimetype };
    }
    ctx.addIssue({
      code: 'custom',
      message: 'Each photo is { url } of a photo the listing has, or a new { thumbnail, mimetype }',
    });
    return z.NEVER;
  });
export type EditPhoto = z.input<typeof editPhoto>;

/**
 * PATCH /api/listing/{id}: any of what the seller wrote, with the rules of creation, and the
 * whole list of pictures in their new order, cover first. At least one field.
 */
export const editListingBody = z
  .strictObject({
    title: listingText.title.optional(),
    price: price.optional(),
    description: listingText.description.optional(),
    category: category.optional(),
    conditions: condition.optional(),
    discount: discount.optional(),
    photos: z
      .array(editPhoto)
      .min(1, 'Please upload an image.')
      .max(LIMITS.photos, TOO_MANY_PHOTOS)
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Nothing to change: send title, price, description, category, conditions, discount or photos',
  });
export type EditListingBody = z.input<typeof editListingBody>;

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
