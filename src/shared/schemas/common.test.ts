import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DECIMAL_TEXT, flag, id, idParam, numeric } from './common';

const anyNumber = numeric(z.number({ message: 'not a number' }));

describe('the number rule: a number, or its canonical decimal text', () => {
  it('reads the canonical text of any integer or decimal as that number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined }),
        (whole, cents) => {
          const sign = whole < 0 ? '-' : '';
          const text = `${sign}${Math.abs(whole)}${cents === undefined ? '' : `.${cents}`}`;
          expect(DECIMAL_TEXT.test(text)).toBe(true);
          expect(anyNumber.parse(text)).toBe(Number(text));
        },
      ),
    );
  });

  it('treats a number and its text the same for ids, flags and ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n) => {
        expect(id.parse(String(n))).toBe(n);
        expect(idParam.parse(String(n))).toBe(n);
      }),
    );
    expect(flag.parse('1')).toBe(1);
    expect(flag.parse('0')).toBe(0);
    expect(flag.parse(true)).toBe(1);
  });

  it('refuses every other text with the field’s own message', () => {
    const known = [' 7', '7 ', '1e3', '0x10', '42.5abc', '', 'NaN', 'Infinity', '-Infinity'];
    const more = ['007', '+5', '.5', '5.', '1_000', '1,5', '٣', '-0x1', '0b1', '\u00a07'];
    for (const text of [...known, ...more]) {
      const result = anyNumber.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('not a number');
    }
    fc.assert(
      fc.property(
        fc.string().filter((s) => !DECIMAL_TEXT.test(s)),
        (text) => {
          expect(anyNumber.safeParse(text).success).toBe(false);
          expect(id.safeParse(text).success).toBe(false);
        },
      ),
    );
  });

  it('keeps the range rules of the field on text too', () => {
    expect(id.safeParse('0').success).toBe(false);
    expect(id.safeParse('-3').success).toBe(false);
    expect(id.safeParse('1.5').success).toBe(false);
    expect(flag.safeParse('2').success).toBe(false);
  });
});
