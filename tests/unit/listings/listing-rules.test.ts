import { describe, expect, it } from 'vitest';
import { PRICE_CENTS_MESSAGE } from '#shared/schemas/listings.js';
import { parsePrice } from '#client/features/listings/form/listing-rules.js';

describe('the listing form’s price', () => {
  it('takes dollars with up to two decimals, a leading $ too', () => {
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('$19.99')).toBe(19.99);
    expect(parsePrice('0')).toBe(0);
  });

  it('refuses a fraction of a cent with the server’s words, never rounding it away', () => {
    for (const raw of ['0.004', '10.005', '3.999']) {
      expect(parsePrice(raw)).toEqual({ field: 'price', message: PRICE_CENTS_MESSAGE });
    }
  });
});
