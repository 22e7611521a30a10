import { describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, LIMITS } from '#shared/constants.js';
import {
  category,
  condition,
  discount,
  LISTING_FORM_MESSAGES,
  listingText,
  pictureType,
  price,
} from '#shared/schemas/listings.js';
import {
  checkExistingListing,
  checkImage,
  checkListingEdit,
  parseDiscount,
  parsePrice,
  type EditListingForm,
} from '#client/features/listings/form/listing-rules.js';

const GOOD: EditListingForm = {
  title: 'Desk lamp',
  description: 'Bright',
  price: '12',
  category: CATEGORIES[0],
  condition: CONDITIONS[0],
  discount: '',
};

/** What the server says of a refused value, as the form words it: the same words, a full stop. */
const asForm = (message: string) => (message.endsWith('.') ? message : `${message}.`);

describe('the listing form and the server agree', () => {
  it('on prices at every boundary, in the same words', () => {
    const max = LIMITS.priceMax;
    for (const raw of ['0', '0.01', '12.5', '19.99', `${max}`, `${max}.00`]) {
      const value = parsePrice(raw);
      expect(value, raw).toBe(Number(raw));
      expect(price.safeParse(value).success, raw).toBe(true);
    }
    for (const raw of ['-0.01', '-1', `${max + 0.01}`, `${max + 1}`, '0.004', '10.005', 'abc']) {
      const refused = price.safeParse(Number(raw));
      expect(refused.success, raw).toBe(false);
      expect(parsePrice(raw), raw).toEqual({
        field: 'price',
        message: asForm(refused.error!.issues[0]!.message),
      });
    }
    // Blank is no price on either side.
    expect(price.safeParse('').success).toBe(false);
    expect(parsePrice('  ')).toEqual({ field: 'price', message: LISTING_FORM_MESSAGES.price });
  });

  it('keeps the spec’s words for the price the form shows', () => {
    expect(parsePrice('-1')).toEqual({ field: 'price', message: 'Price cannot be negative.' });
    expect(parsePrice('x')).toEqual({
      field: 'price',
      message: 'Please enter a valid numeric value for the price.',
    });
    expect(parsePrice(`${LIMITS.priceMax + 1}`)).toEqual({
      field: 'price',
      message: `Price must be at most ${LIMITS.priceMax}.`,
    });
  });

  it('on discounts from 0 to 100', () => {
    for (const raw of ['0', '1', '50', '99.5', '100']) {
      expect(parseDiscount(raw), raw).toBe(Number(raw));
      expect(discount.safeParse(Number(raw)).success, raw).toBe(true);
    }
    for (const raw of ['-1', '-0.5', '100.5', '101', 'half']) {
      expect(discount.safeParse(Number(raw)).success, raw).toBe(false);
      expect(parseDiscount(raw), raw).toEqual({
        field: 'discount',
        message: 'Discount must be a number from 0 to 100.',
      });
    }
  });

  it('on titles and descriptions: blank, spaces only or invisible characters only are none', () => {
    for (const title of ['', '   ', '\u200B', '\u202E\u200B ']) {
      expect(listingText.title.safeParse(title).success, JSON.stringify(title)).toBe(false);
      expect(checkListingEdit({ ...GOOD, title }, 1)).toEqual({
        field: 'title',
        message: 'Please enter a title.',
      });
    }
    for (const title of ['A', ' Lamp ', 'x'.repeat(LIMITS.title)]) {
      expect(listingText.title.safeParse(title).success).toBe(true);
      expect(checkListingEdit({ ...GOOD, title }, 1)).toBeNull();
    }
    expect(listingText.description.safeParse(' ').success).toBe(false);
    expect(checkListingEdit({ ...GOOD, description: ' ' }, 1)).toEqual({
      field: 'description',
      message: 'Please enter a description.',
    });
  });

  it('on categories and conditions', () => {
    for (const value of CATEGORIES) {
      expect(category.safeParse(value).success).toBe(true);
      expect(checkListingEdit({ ...GOOD, category: value }, 1)).toBeNull();
    }
    for (const value of CONDITIONS) {
      expect(condition.safeParse(value).success).toBe(true);
      expect(checkListingEdit({ ...GOOD, condition: value }, 1)).toBeNull();
    }
    expect(category.safeParse('').success).toBe(false);
    expect(checkListingEdit({ ...GOOD, category: '' }, 1)).toEqual({
      field: 'category',
      message: 'Please choose a category.',
    });
    expect(condition.safeParse('Broken').success).toBe(false);
    expect(checkExistingListing({ productId: '3', price: '5', condition: 'Broken' })).toEqual({
      field: 'condition',
      message: 'Please choose a condition.',
    });
    expect(checkExistingListing({ productId: '', price: '5', condition: 'New' })).toEqual({
      field: 'product',
      message: 'Please choose a product.',
    });
  });

  it('on picture types', () => {
    const file = (type: string) => new File(['x'], 'p', { type });
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(pictureType.safeParse(type).success).toBe(true);
      expect(checkImage(file(type))).toBeNull();
    }
    for (const type of ['image/svg+xml', 'text/plain', '']) {
      expect(pictureType.safeParse(type).success).toBe(false);
      expect(checkImage(file(type))).toEqual({
        field: 'image',
        message: 'Image must be JPEG, PNG, WebP, GIF or AVIF.',
      });
    }
  });
});
