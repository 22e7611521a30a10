import { describe, expect, it } from 'vitest';
import { priceBeforeDiscount } from '#shared/constants.js';
import { formatPrice } from '#client/lib/format.js';

describe('formatPrice', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes dollars exactly as en-US currency formatting does', () => {
    for (const price of [
      0, 0.5, 1, 3.29, 9.99, 12, 100, 999.99, 1000, 1234.5, 99999.99, 1_000_000,
    ]) {
      expect(formatPrice(price)).toBe(intl.format(price));
    }
  });

  it('rounds to cents and keeps the sign', () => {
    expect(formatPrice(2.005 + 0.001)).toBe('$2.01');
    expect(formatPrice(-12.5)).toBe(intl.format(-12.5));
  });
});

describe('priceBeforeDiscount', () => {
  it('works the original back from the price asked and the discount (fraction or percent)', () => {
    expect(priceBeforeDiscount(30, 25)).toBe(40);
    expect(priceBeforeDiscount(30, 0.25)).toBe(40);
    expect(priceBeforeDiscount(9.99, 10)).toBe(11.1);
  });

  it('has none without a discount or at 100 %', () => {
    expect(priceBeforeDiscount(30, 0)).toBeNull();
    expect(priceBeforeDiscount(30, null)).toBeNull();
    expect(priceBeforeDiscount(30, 100)).toBeNull();
    expect(priceBeforeDiscount(30, 1)).toBeNull();
  });
});
