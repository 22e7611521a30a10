import type { z } from 'zod';
import { IMAGE_MAX_BYTES } from '#shared/constants.js';
import { id } from '#shared/schemas/common.js';
import {
  category,
  condition,
  discount,
  LISTING_FORM_MESSAGES,
  listingFormWords,
  listingText,
  pictureType,
  price,
} from '#shared/schemas/listings.js';

/** The form's words for each rule: the spec's sentences, kept with the server's in src/shared. */
export const LISTING_MESSAGES = LISTING_FORM_MESSAGES;

export type ListingField =
  'image' | 'price' | 'title' | 'description' | 'category' | 'condition' | 'product' | 'discount';
export interface RuleError {
  field: ListingField;
  message: string;
}

/**
 * The server's schema for a field decides, and a refusal is told in the form's words; `words`
 * when the schema says nothing (it always says something).
 */
function ruleOf(schema: z.ZodType, field: ListingField, value: unknown, words: string) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return { field, message: message ? listingFormWords(message) : words } satisfies RuleError;
}

/** Checks a chosen file on its own (also run as soon as it is picked). */
export function checkImage(file: File | null): RuleError | null {
  if (!file) return { field: 'image', message: LISTING_MESSAGES.image };
  if (file.size > IMAGE_MAX_BYTES) return { field: 'image', message: LISTING_MESSAGES.imageSize };
  return ruleOf(pictureType, 'image', file.type, LISTING_MESSAGES.imageType);
}

/** The price as a number, or the rule it breaks. Non-empty, numeric, whole cents. */
export function parsePrice(raw: string): number | RuleError {
  const text = raw.trim().replace(/^\$/, '');
  const value = text === '' ? Number.NaN : Number(text);
  return ruleOf(price, 'price', value, LISTING_MESSAGES.price) ?? Math.round(value * 100) / 100;
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
  return (
    ruleOf(listingText.title, 'title', form.title, LISTING_MESSAGES.title) ??
    ruleOf(
      listingText.description,
      'description',
      form.description,
      LISTING_MESSAGES.description,
    ) ??
    ruleOf(category, 'category', form.category, LISTING_MESSAGES.category) ??
    ruleOf(condition, 'condition', form.condition, LISTING_MESSAGES.condition)
  );
}

/** A discount in percent, empty meaning none. */
export function parseDiscount(raw: string): number | RuleError {
  const text = raw.trim().replace(/%$/, '');
  if (text === '') return 0;
  const value = Number(text);
  return ruleOf(discount, 'discount', value, LISTING_MESSAGES.discount) ?? value;
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
  // The schema's words for a bad id are the API's ("must be a whole number"), not the form's.
  if (!id.safeParse(form.productId).success)
    return { field: 'product', message: LISTING_MESSAGES.product };
  const price = parsePrice(form.price);
  if (typeof price !== 'number') return price;
  return ruleOf(condition, 'condition', form.condition, LISTING_MESSAGES.condition);
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
