import { z } from 'zod';
import {
  AVAILABILITY,
  CATEGORIES,
  CONDITIONS,
  DATE_POSTED,
  IMAGE_TOO_LARGE,
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
  requiredMessage,
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
  /**
   * Only while the listing is on hold for a buyer (docs/sales-states.md): true. Absent
   * otherwise, so the spec's shape is unchanged.
   */
  on_hold: z.boolean().optional(),
  /** Only on the product page, only to its seller and to the buyer it is held for. */
  held_for: z.number().optional(),
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

export const PRICE_CENTS_MESSAGE = 'Price must be in whole cents (at most two decimals).';
export const TOO_MANY_PHOTOS = `A listing has at most ${LIMITS.photos} photos, the cover included.`;

/** The listing rules' words as the server says them: written once, for the schemas and the form. */
export const LISTING_MESSAGES = {
  image: 'Please upload an image.',
  imageSize: IMAGE_TOO_LARGE,
  imageType: 'Image must be JPEG, PNG, WebP, GIF or AVIF',
  price: 'Please enter a valid numeric value for the price.',
  priceNegative: 'Price cannot be negative',
  priceMax: `Price must be at most ${LIMITS.priceMax}`,
  priceCents: PRICE_CENTS_MESSAGE,
  discount: 'Discount must be a number from 0 to 100',
  title: requiredMessage('Title'),
  description: requiredMessage('Description'),
  category: `Category must be one of: ${CATEGORIES.join(', ')}`,
  condition: `Condition must be one of: ${CONDITIONS.join(', ')}`,
  photos: TOO_MANY_PHOTOS,
} as const;

/** A server's words as the spec's form says them: a sentence, with its full stop. */
const sentence = (message: string) => (message.endsWith('.') ? message : `${message}.`);

/**
 * The listing form's words for the same rules (the spec's own where it words a rule, e.g. "Please
 * enter a title."): the form checks with the schemas below and shows these.
 */
export const LISTING_FORM_MESSAGES = {
  image: LISTING_MESSAGES.image,
  imageSize: LISTING_MESSAGES.imageSize,
  imageType: sentence(LISTING_MESSAGES.imageType),
  price: LISTING_MESSAGES.price,
  priceNegative: sentence(LISTING_MESSAGES.priceNegative),
  priceMax: sentence(LISTING_MESSAGES.priceMax),
  priceCents: LISTING_MESSAGES.priceCents,
  title: 'Please enter a title.',
  description: 'Please enter a description.',
  category: 'Please choose a category.',
  condition: 'Please choose a condition.',
  product: 'Please choose a product.',
  discount: sentence(LISTING_MESSAGES.discount),
  photos: LISTING_MESSAGES.photos,
} as const;

/** The form's words for a server's message of a listing rule (the same words when it has none). */
export function listingFormWords(message: string): string {
  const key = (Object.keys(LISTING_MESSAGES) as (keyof typeof LISTING_MESSAGES)[]).find(
    (k) => LISTING_MESSAGES[k] === message,
  );
  return key ? LISTING_FORM_MESSAGES[key] : message;
}

export const category = choiceOf(CATEGORIES, LISTING_MESSAGES.category);
export const condition = choiceOf(CONDITIONS, LISTING_MESSAGES.condition);

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
    .number({ message: LISTING_MESSAGES.price })
    .finite(LISTING_MESSAGES.price)
    .min(0, LISTING_MESSAGES.priceNegative)
    .max(LIMITS.priceMax, LISTING_MESSAGES.priceMax)
    .refine(isWholeCents, LISTING_MESSAGES.priceCents),
);
/** Percent, or a fraction when 1 or less (see discountPercent). */
export const discount = numeric(
  z
    .number({ message: LISTING_MESSAGES.discount })
    .finite(LISTING_MESSAGES.discount)
    .min(0, LISTING_MESSAGES.discount)
    .max(100, LISTING_MESSAGES.discount),
);

export const IMAGE_MIMETYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** A picture as base64 (or a data URL); its bytes are decoded whatever `mimetype` claims. */
const pictureData = z.string({ message: LISTING_MESSAGES.image }).min(1, LISTING_MESSAGES.image);
export const pictureType = z.enum(IMAGE_MIMETYPES, { message: LISTING_MESSAGES.imageType });
/** One more picture of a listing, sent as the cover is. */
export const photoUpload = z.strictObject({ thumbnail: pictureData, mimetype: pictureType });
export type PhotoUpload = z.input<typeof photoUpload>;

/** What a seller writes about a listing: the same rules when it is created and edited. */
export const listingText = {
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
      .min(1, LISTING_MESSAGES.image)
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
    /**
     * With `listing_status: 'Sold'`, optionally: who bought it (someone who wrote to the seller
     * about it, made an offer or had it on hold). Without it, a sale with no buyer is recorded.
     */
    buyer_id: id.optional(),
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
