import { z } from 'zod';

/** A positive integer id in a body. Strings are refused: clients send numbers. */
export const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/**
 * A positive integer id in a path or query string, where everything arrives as text. Only
 * digits: "1e3", "0x10" or " 7" are not ids, even though Number() would read them as such.
 */
export const idParam = z
  .string({ message: 'must be a number' })
  .regex(/^[0-9]{1,12}$/, 'must be a whole number')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .positive('must be positive')
      .max(2 ** 31 - 1, 'is too large'),
  );

export const idParams = z.strictObject({ id: idParam });

export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Trimmed text that must not be blank. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional free text; null and missing become an empty string. */
export function optionalText(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
}

/** 0/1 flags of the original API; booleans are accepted too. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));
