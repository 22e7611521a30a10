import { IMAGE_MAX_BYTES, LIMITS } from '#shared/constants.js';
import { IMAGE_MIMETYPES, isWholeCents, PRICE_CENTS_MESSAGE } from '#shared/schemas/listings.js';

export const LISTING_MESSAGES = {
  image: 'Please upload an image.',
  imageSize: 'Image must be 10MB or less.',
  imageType: 'Image must be JPEG, PNG, WebP, GIF or AVIF.',
  price: 'Please enter a valid numeric value for the price.',
  priceNegative: 'Price cannot be negative.',
  priceMax: `Price must be at most ${LIMITS.priceMax}.`,
  priceCents: PRICE_CENTS_MESSAGE,
  title: 'Please enter a title.',
  description: 'Please enter a description.',
  category: 'Please choose a category.',
  condition: 'Please choose a condition.',
  product: 'Please choose a product.',
  discount: 'Discount must be a number from 0 to 100.',
  photos: `A listing has at most ${LIMITS.photos} photos, the cover included.`,
} as const;

export type ListingField =
  'image' | 'price' | 'title' | 'description' | 'category' | 'condition' | 'product' | 'discount';
export interface RuleError {
  field: ListingField;
  message: string;
}

/** Checks a chosen file on its own (also run as soon as it is picked). */
export function checkImage(file: File | null): RuleError | null {
  if (!file) return { field: 'image', message: LISTING_MESSAGES.image };
  if (file.size > IMAGE_MAX_BYTES) return { field: 'image', message: LISTING_MESSAGES.imageSize };
  if (!(IMAGE_MIMETYPES as readonly string[]).includes(file.type)) {
    return { field: 'image', message: LISTING_MESSAGES.imageType };
  }
  return null;
}

/** The price as a number, or the rule it breaks. Non-empty, numeric, whole cents. */
export function parsePrice(raw: string): number | RuleError {
  const text = raw.trim().replace(/^\$/, '');
  const value = Number(text);
  if (text === '' || !Number.isFinite(value))
    return { field: 'price', message: LISTING_MESSAGES.price };
  if (value < 0) return { field: 'price', message: LISTING_MESSAGES.priceNegative };
  if (value > LIMITS.priceMax) return { field: 'price', message: LISTING_MESSAGES.priceMax };
  if (!isWholeCents(value)) return { field: 'price', message: LISTING_MESSAGES.priceCents };
  return Math.round(value * 100) / 100;
}

export interface NewListingForm {
  file: File | null;
  title: string;
  description: string;
  price: string;
  category: string;
  condition: string;
  /** In percent; empty for none. */
  discount: string;
}

/**
 * The listing rules, checked in this order: image, image size, price, discount, then the
 * required fields.
 */
export function checkNewListing(form: NewListingForm): RuleError | null {
  const image = checkImage(form.file);
  if (image) return image;
  const price = parsePrice(form.price);
  if (typeof price !== 'number') return price;
  const discount = parseDiscount(form.discount);
  if (typeof discount !== 'number') return discount;
  return checkWords(form);
}

/** What the seller writes, in order: title, description, category and condition. */
function checkWords(form: Omit<NewListingForm, 'file' | 'price' | 'discount'>): RuleError | null {
  if (!form.title.trim()) return { field: 'title', message: LISTING_MESSAGES.title };
  if (!form.description.trim())
    return { field: 'description', message: LISTING_MESSAGES.description };
  if (!form.category) return { field: 'category', message: LISTING_MESSAGES.category };
  if (!form.condition) return { field: 'condition', message: LISTING_MESSAGES.condition };
  return null;
}

/** A discount in percent, empty meaning none. */
export function parseDiscount(raw: string): number | RuleError {
  const text = raw.trim().replace(/%$/, '');
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    return { field: 'discount', message: LISTING_MESSAGES.discount };
  }
  return value;
}

export type EditListingForm = Omit<NewListingForm, 'file'>;

/** An edited listing: at least one photo, then the rules of a new listing. */
export function checkListingEdit(form: EditListingForm, photoCount: number): RuleError | null {
  if (photoCount === 0) return { field: 'image', message: LISTING_MESSAGES.image };
  const price = parsePrice(form.price);
  if (typeof price !== 'number') return price;
  const discount = parseDiscount(form.discount);
  if (typeof discount !== 'number') return discount;
  return checkWords(form);
}

export interface ExistingListingForm {
  productId: string;
  price: string;
  condition: string;
}

/** Existing product: product, price and condition required. */
export function checkExistingListing(form: ExistingListingForm): RuleError | null {
  if (!form.productId) return { field: 'product', message: LISTING_MESSAGES.product };
  const price = parsePrice(form.price);
  if (typeof price !== 'number') return price;
  if (!form.condition) return { field: 'condition', message: LISTING_MESSAGES.condition };
  return null;
}

/**
 * Binds a form's text fields to its state and to the rule it breaks: `field('title')` gives the
 * field its value, its setter, and marks it invalid (pointing at `errorId`) when the rule names
 * it. `rule` is the rule's name for the field when the form calls it otherwise.
 */
export function bindFields<F extends object>(
  form: F,
  setForm: (form: F) => void,
  problem: RuleError | null,
  errorId?: string,
) {
  return (
    name: { [K in keyof F]: F[K] extends string ? K : never }[keyof F],
    rule?: ListingField,
  ) => {
    const flagged = problem?.field === (rule ?? name);
    return {
      value: form[name] as string,
      onValue: (value: string) => setForm({ ...form, [name]: value }),
      invalid: flagged || undefined,
      describedBy: flagged ? errorId : undefined,
    };
  };
}
