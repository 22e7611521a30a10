import { describe, expect, it } from 'vitest';
import { OFFLINE_IMAGE } from '../../../src/sw/offline-image';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the picture a listing shows offline when it was never loaded', () => {
  const svg = new DOMParser().parseFromString(OFFLINE_IMAGE, 'image/svg+xml');
  const background = svg.querySelector('rect')!.getAttribute('fill')!;
  const words = svg.querySelector('g[font-family]')!;
  const texts = [...svg.querySelectorAll('text')];

  it('says in words that it is offline and the picture comes back online', () => {
    expect(texts.map((t) => t.textContent).join(' ')).toBe(
      'Offline Picture shows when you are back online',
    );
  });

  it('reads at AAA contrast and at a size that stays legible on a card', () => {
    expect(contrast(words.getAttribute('fill')!, background)).toBeGreaterThanOrEqual(7);
    const height = Number(svg.documentElement.getAttribute('viewBox')!.split(' ')[3]);
    // On a card about 150 px high the smallest line is still about 16 px.
    for (const text of texts)
      expect(Number(text.getAttribute('font-size')) / height).toBeGreaterThanOrEqual(0.1);
  });
});
