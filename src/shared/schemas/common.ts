import { z } from 'zod';
import { stripFormatCharacters } from '../names.js';

/**
 * Canonical decimal text: how a number looks in a form field, a select's value or a route
 * parameter. An optional minus, digits without leading zeros, an optional fraction: "12",
 * "42.50", "-3". Not " 7", "1e3", "0x10", "42.5abc", "", "NaN" or "Infinity", which Number()
 * would read, or half read, as something the person did not type.
 */
export const DECIMAL_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The number canonical decimal text stands for; other text is NaN, which every number refuses. */
export function readDecimalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return DECIMAL_TEXT.test(value) ? Number(value) : Number.NaN;
}

/**
 * The one rule for numbers a client sends: a JSON number, or the same number as canonical
 * decimal text (clients built on forms and route parameters send "12" and "4"). Anything else
 * fails `schema` with that field's own message.
 */
export function numeric<Schema extends z.ZodType>(schema: Schema) {
  return z
    .custom<number | string | z.input<Schema>>()
    .transform(readDecimalText)
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, unknown>);
}

const positiveId = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2 ** 31 - 1, 'is too large');

/** A positive integer id in a body: a number, or its canonical decimal text. */
export const id = numeric(positiveId);
/**
 * A positive integer id in a path or query string, where everything arrives as text: the same
 * rule as in bodies.
 */
export const idParam = z
  .string({ message: 'must be a number' })
  .transform((text) => readDecimalText(text) as number)
  .pipe(positiveId);

export const idParams = z.strictObject({ id: idParam });

/**
 * A seller's rating as every answer carries it (constants.ts, `sellerRating`): 1-5, the default 1
 * while `review_count` is 0, and the number of reviews it rests on.
 */
export const sellerRatingFields = {
  rating: z.number().int().min(1).max(5),
  review_count: z.number().int().min(0),
};

/**
 * One of `values`, matched without regard to letter case or surrounding spaces ("furniture",
 * " used - good ") and answered in its canonical spelling ("Furniture", "Used - Good"): forms of
 * other clients send their own spelling. Anything else is refused with `message`.
 */
export function choiceOf<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) {
  const byKey = new Map<string, Values[number]>(values.map((v) => [v.toLowerCase(), v]));
  return z.string({ message }).transform((text, ctx): Values[number] => {
    const found = byKey.get(text.trim().toLowerCase());
    if (found !== undefined) return found;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * One of the campus's spots `choices()` names (the campus file's lists), spelt exactly; anything
 * else is refused with "<what> must be one of: …". Checked against the campus in use when the
 * value arrives, not when the schema is built.
 */
export function spotChoice(choices: () => readonly string[], what: string) {
  const message = () => `${what} must be one of: ${choices().join(', ')}`;
  return z
    .string({ error: message })
    .refine((name) => choices().includes(name), { error: message });
}

/** What a blank required field is told. */
export const requiredMessage = (label: string) => `${label} is required`;

/** Trimmed text that must not be blank. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * A name or title others read: required text without format characters (zero-width spaces,
 * direction overrides), which could hide letters or turn the text around.
 */
export function shownText(label: string, max: number) {
  return z
    .string({ message: requiredMessage(label) })
    .transform(stripFormatCharacters)
    .pipe(requiredText(label, max));
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
export const flag = numeric(
  z.union([z.literal(0), z.literal(1), z.boolean()], { message: 'must be 0 or 1' }),
).transform((v) => (v === true || v === 1 ? 1 : 0));
