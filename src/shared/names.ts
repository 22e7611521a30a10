/**
 * Names people can trust ([decision 024](../../docs/decisions/024-sign-in-guard.md)): usernames
 * are NFKC text in one script, without invisible characters, unique without regard to case;
 * e-mail addresses are unique by their canonical form; format characters (zero-width spaces,
 * direction overrides) stay out of what people read. Free of zod: the register form uses it.
 */

/** Unicode's format characters (Cf): zero-width spaces and joiners, direction marks and overrides, isolates, the BOM, tags. */
const FORMAT_CHARACTER = /\p{Cf}/u;
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** An emoji (with its presentation or skin-tone modifier) just before a zero-width joiner... */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?$/u;
/** ...and one just after it: the joiner builds one emoji (a family, a flag) and stays. */
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

export function hasFormatCharacters(text: string): boolean {
  return FORMAT_CHARACTER.test(text);
}

/**
 * The text without format characters, which can hide text or make it read in another order
 * ("gpj.exe" shown as "exe.jpg"). Joiners inside an emoji sequence are kept.
 */
export function stripFormatCharacters(text: string): string {
  if (!FORMAT_CHARACTER.test(text)) return text;
  return text.replace(FORMAT_CHARACTERS, (ch: string, at: number, whole: string) =>
    ch === '\u200D' &&
    EMOJI_BEFORE.test(whole.slice(Math.max(0, at - 4), at)) &&
    EMOJI_AFTER.test(whole.slice(at + 1, at + 3))
      ? ch
      : '',
  );
}

/**
 * The scripts a username's letters may come from. Letters of any other script (and combining
 * marks that belong to no script, which can pile onto a letter) are refused.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const,
);

/**
 * Scripts written together as one system (Unicode TR 39's "highly restrictive" level): a
 * Japanese name mixes kanji and kana, a Korean one hangul and hanja. Anything else is one script.
 */
const WRITING_SYSTEMS: readonly (readonly string[])[] = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
  ['Han', 'Bopomofo'],
];

function scriptOf(ch: string): string | undefined {
  return SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(ch))?.[0];
}

function oneWritingSystem(scripts: ReadonlySet<string>): boolean {
  if (scripts.size <= 1) return true;
  return WRITING_SYSTEMS.some((system) => [...scripts].every((s) => system.includes(s)));
}

export const USERNAME_MESSAGES = {
  characters: 'Username may use letters, digits, dot, dash and underscore',
  invisible: 'Username cannot contain invisible characters (zero-width spaces, direction marks)',
  mixedScripts:
    'Username must use the letters of one alphabet (all Latin, or all Cyrillic, and so on), not a mix',
} as const;

const ALLOWED_SYMBOL = /^[0-9._-]$/;
const LETTER_DIGIT_OR_MARK = /^[\p{L}\p{M}\p{Nd}]$/u;

/**
 * What is wrong with a username (already NFKC-normalised), or null. One script, so that
 * `mаria` (a Cyrillic а among Latin letters) cannot pass for `maria`; digits, `.`, `_`, `-`.
 */
export function usernameProblem(name: string): string | null {
  if (FORMAT_CHARACTER.test(name)) return USERNAME_MESSAGES.invisible;
  const scripts = new Set<string>();
  for (const ch of name) {
    if (ALLOWED_SYMBOL.test(ch)) continue;
    const script = LETTER_DIGIT_OR_MARK.test(ch) ? scriptOf(ch) : undefined;
    if (!script) return USERNAME_MESSAGES.characters;
    scripts.add(script);
  }
  return oneWritingSystem(scripts) ? null : USERNAME_MESSAGES.mixedScripts;
}

/**
 * The form a username is stored in: NFKC, so `ｍａｒｉａ` (full width) is `maria`, and ligatures
 * and compatibility letters are their plain letters.
 */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim();
}

/**
 * The key two usernames collide on: NFKC without regard to case (upper then lower case folds
 * `ß` and `SS`, `ς` and `σ` alike).
 */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * The key two e-mail addresses collide on: lower case, and the `+tag` of the local part
 * removed (`Name+market@campus.edu` is `name@campus.edu`: one mailbox, one account). Mail still
 * goes to the address as typed.
 */
export function canonicalEmail(email: string): string {
  // The +tag runs from the local part's first + (not its first character) to the @.
  return email
    .trim()
    .toLowerCase()
    .replace(/^([^@+][^@+]*)\+[^@]*(@[^@]*)$/, '$1$2');
}
