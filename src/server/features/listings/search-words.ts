/**
 * What the words of a storefront search match, and how well: the relevance rules of
 * GET /api/search, written once for both engines (docs/decisions/023-search-words.md).
 *
 * The indexes hold plain words: runs of ASCII letters and digits or non-ASCII characters, ASCII
 * letters in lower case (SQLite's FTS5 `ascii` tokenizer, and the same split in PostgreSQL).
 * Everything clever happens here, on the query's side: a word of the query is looked up in the
 * vocabulary of words the listings use, and becomes the listing words it stands for: the same
 * word with another English ending (lamp, lamps), words within its typo budget (calculas,
 * calculus), the start of longer words when typed last (chem, chemistry), and for codes its
 * letters and digits joined or apart (ti84, TI-84, ti 84). The engines then only answer "which
 * listings hold these words, and where".
 */

/** Words longer than this match nothing (PostgreSQL refuses index entries over 2 kB). */
export const LONGEST_WORD = 64;

/** Every ASCII character but letters and digits separates words; non-ASCII ones belong to them. */
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+/;

/** The words of a text as the indexes hold them. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/[A-Z]+/g, (s) => s.toLowerCase())
    .split(SEPARATORS)
    .filter((w) => w !== '');
}

/** Length in characters (code points), as both engines count it. */
export const length = (word: string) => [...word].length;

const LETTERS = /^\p{L}+$/u;
const ENGLISH = /^[a-z]+$/;

/** Words a query can leave out: "lamp for dorm" finds a lamp whose text never says "for". */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/**
 * Edits a word may be off by and still match: one in words of 4-7 letters, two from 8. Words
 * with digits must be exact (a TI-83 is not a TI-84).
 */
export function typoBudget(word: string, extra = 0): number {
  if (!LETTERS.test(word)) return 0;
  const n = length(word);
  return (n >= 8 ? 2 : n >= 4 ? 1 : 0) + extra;
}

const undouble = (w: string) =>
  /([b-df-hj-km-np-rtv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
const hasVowel = (w: string) => /[aeiouy]/.test(w);

/**
 * The word without its English ending, so that forms of one word compare equal: lamps and lamp,
 * batteries and battery, boxes and box, gaming and games, shipped and ship. Only removes letters
 * (and turns -ies into -y), so every form of a stem starts with the stem minus a final y.
 */
export function stem(word: string): string {
  let w = word.endsWith('’s') ? word.slice(0, -2) : word;
  if (!ENGLISH.test(w)) return w;
  if (w.length >= 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length >= 5 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^siu]s$/.test(w) && (w.length >= 4 || !hasVowel(w.slice(0, -1)))) w = w.slice(0, -1);
  if (w.length >= 6 && w.endsWith('ing') && hasVowel(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.length >= 5 && w.endsWith('ed') && !w.endsWith('eed') && hasVowel(w.slice(0, -2))) {
    w = undouble(w.slice(0, -2));
  }
  if (w.length >= 4 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

/**
 * Edits between two words (optimal string alignment: insert, delete, replace, or swap two
 * neighbours), or `max + 1` as soon as it is sure to exceed `max`.
 */
export function distance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[t.length]!, max + 1);
}

/** A word of the query. */
export interface QueryWord {
  word: string;
  /** Typed last: also matches as the start of a longer word (chem finds chemistry). */
  last: boolean;
  /** A code's runs of letters and digits, each a word of its own (ti84: ti, 84). */
  parts?: QueryWord[];
}

const LETTER_RUN = /^[a-z]+$/;
const DIGIT_RUN = /^[0-9]+$/;
const isRun = (w: string) => LETTER_RUN.test(w) || DIGIT_RUN.test(w);

function code(joined: string, parts: string[], last: boolean): QueryWord {
  return {
    word: joined,
    last,
    parts: parts.map((part, i) => ({ word: part, last: last && i === parts.length - 1 })),
  };
}

/**
 * The words of the search box. Possessives lose their 's; stop words go unless nothing else is
 * left. A code typed joined (ti84) or split (TI-84, ti 84) becomes one word that matches both.
 */
export function queryWords(text: string | undefined): QueryWord[] {
  if (!text) return [];
  const all = wordsOf(text.replace(/(\p{L})'s(?![\p{L}\p{N}])/gu, '$1'));
  const kept = all.filter((w) => !STOP_WORDS.has(w));
  const words = kept.length > 0 ? kept : all;
  const query: QueryWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const last = i === words.length - 1;
    const runs = /^[a-z0-9]+$/.test(w) ? w.match(/[a-z]+|[0-9]+/g)! : [w];
    if (runs.length > 1) {
      query.push(code(w, runs, last));
    } else if (
      next !== undefined &&
      isRun(w) &&
      isRun(next) &&
      LETTER_RUN.test(w) !== LETTER_RUN.test(next)
    ) {
      query.push(code(w + next, [w, next], i + 1 === words.length - 1));
      i++;
    } else {
      query.push({ word: w, last });
    }
  }
  return query;
}

/**
 * What to read from the vocabulary for a word: `prefix` ranges (an index range in both
 * engines, `exact` for one word) and `gram` patterns, a piece of the word anywhere in a listing
 * word or, ending in `$`, at its end (SQLite: a trigram index over each word followed by `$`;
 * PostgreSQL: LIKE through pg_trgm). Lengths bound the words read.
 */
export type Lookup =
  | { exact: string }
  | { prefix: string; minLength: number; maxLength: number }
  | { gram: string; minLength: number; maxLength: number };

/** Longest English ending a stem can carry (runn-ing, batter-ies). */
const ENDING = 5;

/**
 * Pieces of `word` of which a word within `budget` edits keeps at least one unchanged: the
 * first two characters (one in a word of three), read as a prefix range; the last two at the
 * end (unless `ending`: then the last three anywhere, as an ending may follow); pieces of three
 * from the middle. The pieces do not overlap, so an edit changes one at most; a swap of
 * neighbours across two pieces that touch is read as a prefix of its own. Words too short for
 * the pieces a budget needs get fewer (a suggestion may then miss a word); what a word then
 * matches is decided exactly, on what its pieces found, so both engines agree either way.
 */
function typoLookups(word: string, budget: number, ending: boolean): Lookup[] {
  const chars = [...word];
  const n = chars.length;
  const head = n >= 4 ? 2 : 1;
  const tail = ending ? 3 : 2;
  if (budget === 0 || head + tail > n) return [];
  const minLength = n - budget;
  const maxLength = n + budget + (ending ? ENDING : 0);
  const piece = (from: number, to?: number) => chars.slice(from, to).join('');
  const lookups: Lookup[] = [
    { prefix: piece(0, head), minLength, maxLength },
    { gram: ending ? piece(n - tail) : `${piece(n - tail)}$`, minLength, maxLength },
  ];
  if (head === 2 && head + tail === n) {
    lookups.push({ prefix: chars[0]! + chars[head]!, minLength, maxLength });
  }
  const middle = budget - 1;
  const room = n - tail - head;
  for (let i = 0; i < middle && room >= 3; i++) {
    const start = head + Math.floor(((room - 3) * (i + 1)) / (middle + 1));
    lookups.push({ gram: piece(start, start + 3), minLength, maxLength });
  }
  return lookups;
}

/** Where the forms of a word's stem begin (a stem ending in y has forms in -ies). */
const stemPrefix = (word: string) => stem(word).replace(/y$/, '');

/** Everything the vocabulary must say about a simple word, with `extra` typos allowed. */
function wordLookups(word: string, extra: number): Lookup[] {
  if (length(word) > LONGEST_WORD) return [];
  const lookups: Lookup[] = [{ exact: word }];
  const s = stem(word);
  const prefix = stemPrefix(word);
  // A one-letter word has no stem to read a range of ("y" of mwypha4y2tfe): its exact match does.
  if (ENGLISH.test(s) && prefix !== '') {
    lookups.push({ prefix, minLength: length(prefix), maxLength: length(prefix) + ENDING });
  }
  lookups.push(...typoLookups(word, typoBudget(word, extra), false));
  // Listing words with an ending and a typo (jaket, jackets).
  if (ENGLISH.test(s)) lookups.push(...typoLookups(s, typoBudget(s, extra), true));
  return lookups;
}

const simpleWords = (words: QueryWord[]): string[] =>
  words.flatMap((w) => (w.parts ? [w.word, ...simpleWords(w.parts)] : [w.word]));

/** The vocabulary lookups that decide what `words` match (`extra` > 0: for a suggestion). */
export function lookupsFor(words: QueryWord[], extra = 0): Lookup[] {
  return [...new Set(simpleWords(words))].flatMap((w) => wordLookups(w, extra));
}

/** Whether a listing word answers a lookup (as the engines' indexes decide it). */
function answers(term: string, lookup: Lookup): boolean {
  if ('exact' in lookup) return term === lookup.exact;
  const n = length(term);
  if (n < lookup.minLength || n > lookup.maxLength) return false;
  if ('prefix' in lookup) return term.startsWith(lookup.prefix);
  return lookup.gram.endsWith('$')
    ? term.endsWith(lookup.gram.slice(0, -1))
    : term.includes(lookup.gram);
}

/**
 * The listing words a word may stand for: only those its own lookups found, so that what an
 * engine reads beyond them (a looser bound, another word's lookup) never changes the answer.
 */
const foundFor = (word: string, vocabulary: VocabularyWord[], extra = 0) => {
  const lookups = wordLookups(word, extra);
  return vocabulary.filter((v) => lookups.some((l) => answers(v.term, l)));
};

/** A listing word of the vocabulary and in how many listings' products it occurs. */
export interface VocabularyWord {
  term: string;
  docs: number;
}

/** The same word, or another form of it (stem() leaves other words as they are). */
const isWhole = (term: string, word: string) => term === word || stem(term) === stem(word);

/** Within the typo budget, as typed or without endings (jaket, jackets). */
function isNear(term: string, word: string, extra = 0): boolean {
  if (!LETTERS.test(term)) return false;
  const budget = typoBudget(word, extra);
  if (budget > 0 && distance(term, word, budget) <= budget) return true;
  // Endings and a typo together (jaket, jackets): on stems of five letters or more, which
  // typoLookups() can find with an ending after them.
  const s = stem(word);
  const t = stem(term);
  if ((s === word && t === term) || length(s) < 5) return false;
  const stemBudget = typoBudget(s, extra);
  return distance(t, s, stemBudget) <= stemBudget;
}

/** Which listings a query matches, as a tree of listing words. */
export type Match = { term: string; prefix?: boolean } | { all: Match[] } | { any: Match[] };

/** null is "matches nothing". */
type Maybe = Match | null;

function any(options: Maybe[]): Maybe {
  const kept = options.filter((m): m is Match => m !== null);
  if (kept.length === 0) return null;
  return kept.length === 1 ? kept[0]! : { any: kept };
}

function all(required: Maybe[]): Maybe {
  if (required.some((m) => m === null)) return null;
  return required.length === 1 ? required[0]! : { all: required as Match[] };
}

/**
 * A query's matches at each level of relevance: `whole`, every word as a word (any form), and
 * `match`, also within typos and as the start of the last word. Relevance: whole words in the
 * title, then whole words anywhere (description, category), then the rest.
 */
export interface Relevance {
  match: Match;
  /** null: no listing matches every word as a whole word. */
  whole: Match | null;
}

function levels(q: QueryWord, vocabulary: VocabularyWord[]): { match: Maybe; whole: Maybe } {
  // The indexes hold no longer words (see LONGEST_WORD).
  if (length(q.word) > LONGEST_WORD) return { match: null, whole: null };
  const found = foundFor(q.word, vocabulary);
  const whole = found.filter((v) => isWhole(v.term, q.word)).map((v) => ({ term: v.term }));
  if (q.parts) {
    // A code: joined as one word (ti84), or its runs as words of their own (ti 84, TI-84).
    const exact = whole.filter((v) => v.term === q.word);
    const parts = q.parts.map((p) => levels(p, vocabulary));
    return {
      match: any([
        ...exact,
        q.last ? { term: q.word, prefix: true } : null,
        all(parts.map((p) => p.match)),
      ]),
      whole: any([...exact, all(parts.map((p) => p.whole))]),
    };
  }
  const near = found
    .filter((v) => !isWhole(v.term, q.word) && isNear(v.term, q.word))
    .map((v) => ({ term: v.term }));
  return {
    match: any([...whole, ...near, q.last ? { term: q.word, prefix: true } : null]),
    whole: any(whole),
  };
}

/** What `words` match given the vocabulary read for them; null when some word matches nothing. */
export function relevance(words: QueryWord[], vocabulary: VocabularyWord[]): Relevance | null {
  const each = words.map((q) => levels(q, vocabulary));
  const match = all(each.map((l) => l.match));
  return match && { match, whole: all(each.map((l) => l.whole)) };
}

/**
 * "Did you mean": the query with each word that matches nothing replaced by the closest listing
 * word, one more edit away than a search allows (the most used word wins a tie); undefined when
 * some word has none. Codes and the start of a last word are kept as typed.
 */
export function suggestion(
  words: QueryWord[],
  vocabulary: VocabularyWord[],
  lastStartsAWord: boolean,
): string | undefined {
  let changed = false;
  const out: string[] = [];
  for (const q of words) {
    const matches =
      q.parts !== undefined ||
      foundFor(q.word, vocabulary).some((v) => isWhole(v.term, q.word) || isNear(v.term, q.word)) ||
      (q.last && lastStartsAWord);
    if (matches) {
      out.push(q.word);
      continue;
    }
    const budget = typoBudget(q.word, 1);
    const best = foundFor(q.word, vocabulary, 1)
      .filter((v) => isNear(v.term, q.word, 1))
      .map((v) => ({ ...v, edits: distance(v.term, q.word, budget) }))
      .sort((a, b) => a.edits - b.edits || b.docs - a.docs || (a.term < b.term ? -1 : 1))[0];
    if (!best) return undefined;
    out.push(best.term);
    changed = true;
  }
  return changed ? out.join(' ') : undefined;
}

/** Whether a text whose words are `words` holds the match. */
function holdsIn(m: Match, words: readonly string[]): boolean {
  if ('term' in m) {
    return m.prefix ? words.some((w) => w.startsWith(m.term)) : words.includes(m.term);
  }
  if ('all' in m) return m.all.every((x) => holdsIn(x, words));
  return m.any.some((x) => holdsIn(x, words));
}

/** Two characters in a row, each pair of a word. */
function pairsOf(word: string): string[] {
  const chars = [...word];
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/**
 * What a listing word must have for a query word to stand for it: every lookup of the word
 * (wordLookups) finds only words that start as it does (`^` and the first character: never a
 * character of a word) or hold two of its characters, or its stem's, in a row. A code may also
 * match through all of its parts.
 */
export interface WordKeys {
  keys: string[];
  parts?: WordKeys[];
}

export function wordKeys(words: QueryWord[]): WordKeys[] {
  return words.map((q) => ({
    keys: [`^${[...q.word][0]}`, ...new Set([...pairsOf(q.word), ...pairsOf(stem(q.word))])],
    ...(q.parts && { parts: wordKeys(q.parts) }),
  }));
}

/**
 * Whether one text (a new listing's title, description and category) may answer a query's
 * words, with that text's own words for the vocabulary: each query word stands for the same
 * listing words as with the whole vocabulary, less those the text does not hold, so a text
 * refused here is refused by the engines too. The engines still decide what this lets through.
 * `keys` (wordKeys) refuse at once a word none of the text's words is like: most searches, at a
 * new listing; keep them with the words to check many texts.
 */
export function textMatcher(text: string) {
  const own = [...new Set(wordsOf(text))];
  const vocabulary = own.map((term) => ({ term, docs: 1 }));
  const ownKeys = new Set(own.flatMap((w) => [`^${[...w][0]}`, ...pairsOf(w)]));
  const mayStandFor = (k: WordKeys): boolean => {
    // Plain loops: this runs for every saved search at every new listing.
    for (const key of k.keys) if (ownKeys.has(key)) return true;
    if (!k.parts) return false;
    for (const part of k.parts) if (!mayStandFor(part)) return false;
    return true;
  };
  return (words: QueryWord[], keys: WordKeys[] = wordKeys(words)): boolean => {
    for (const k of keys) if (!mayStandFor(k)) return false;
    const r = relevance(words, vocabulary);
    return r !== null && holdsIn(r.match, own);
  };
}
