import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distance,
  queryWords,
  stem,
  typoBudget,
  wordsOf,
} from '#server/features/listings/search-words.js';

// The relevance rules of the storefront search, on their own (no database).

describe('words', () => {
  it('are split as the indexes split them: ASCII letters lowered, non-ASCII kept', () => {
    expect(wordsOf('TI-84 Café_CRÈME 50€ it’s x\u00a0y')).toEqual([
      'ti',
      '84',
      'café',
      'crÈme',
      '50€',
      'it’s',
      'x\u00a0y',
    ]);
  });

  it('of a query: stop words and possessives go, codes join their letters and digits', () => {
    const words = (text: string) =>
      queryWords(text).map((w) => (w.parts ? `${w.word}=${w.parts.map((p) => p.word)}` : w.word));
    expect(words('lamp for the dorm')).toEqual(['lamp', 'dorm']);
    expect(words('the')).toEqual(['the']);
    expect(words("Mom's cookies")).toEqual(['mom', 'cookies']);
    for (const typed of ['ti84', 'TI-84', 'ti 84']) expect(words(typed)).toEqual(['ti84=ti,84']);
    expect(words('2 pack of pens')).toEqual(['2pack=2,pack', 'pens']);
    expect(words('rtx3080ti')).toEqual(['rtx3080ti=rtx,3080,ti']);
    expect(queryWords('desk la').map((w) => w.last)).toEqual([false, true]);
    expect(queryWords('ti 84')[0]!.parts!.map((p) => p.last)).toEqual([false, true]);
  });
});

describe('endings', () => {
  it.each([
    ['lamps', 'lamp'],
    ['books', 'book'],
    ['textbooks', 'textbook'],
    ['dorms', 'dorm'],
    ['batteries', 'battery'],
    ['boxes', 'box'],
    ['glasses', 'glass'],
    ['benches', 'bench'],
    ['tvs', 'tv'],
    ['gaming', 'games'],
    ['running', 'run'],
    ['shipped', 'ship'],
    ['phones', 'phone'],
    ['mom’s', 'mom'],
  ])('%s and %s are one word', (a, b) => expect(stem(a)).toBe(stem(b)));

  it.each([
    ['calculus', 'calculu'],
    ['glass', 'glas'],
    ['gas', 'ga'],
    ['string', 'str'],
    ['used', 'us'],
    ['84', '8'],
  ])('%s is not %s', (a, b) => expect(stem(a)).not.toBe(stem(b)));

  it('only ever removes letters (or turns -ies into -y)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), (word) => {
        const s = stem(word);
        expect(word.startsWith(s.replace(/y$/, ''))).toBe(true);
      }),
    );
  });
});

describe('typos', () => {
  it('allow one edit from 4 letters and two from 8, none with digits', () => {
    expect(
      ['tv', 'led', 'lamp', 'jacket', 'calculas', '84', 'ti84'].map((w) => typoBudget(w)),
    ).toEqual([0, 0, 1, 1, 2, 0, 0]);
  });

  it.each([
    ['calculas', 'calculus', 1],
    ['jaket', 'jacket', 1],
    ['lmap', 'lamp', 1],
    ['chemestyr', 'chemistry', 2],
    ['café', 'cafÉ', 1],
    ['desk', 'lamp', 4],
  ])('%s to %s: %i edits', (a, b, edits) => {
    expect(distance(a, b, 5)).toBe(edits);
    expect(distance(b, a, 5)).toBe(edits);
  });

  it('stop counting past the budget', () => {
    expect(distance('desk', 'lamp', 1)).toBe(2);
    expect(distance('a', 'abcdef', 2)).toBe(3);
  });
});
