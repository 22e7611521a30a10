/**
 * What the accessibility checks measure, shared by the screens' journeys: axe-core against the
 * WCAG 2.2 A/AA rules and axe's best practices, and the size of every control a finger aims at
 * (WCAG 2.5.8: 24 x 24 CSS px, without axe's spacing allowance). axe is injected as a script,
 * which the pages' CSP forbids: a context that runs it bypasses the CSP for that and nothing else.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const MIN_TARGET = 24;

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What axe finds wrong on the page as it is now, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
    };
    return result.violations;
  }, TAGS);
  return found.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.help}) at ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  );
}

/**
 * The controls on screen smaller than 24 px in either direction, with their size. Links in
 * running text are the rule's own exception and are left out.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const interactive = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''
      } "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const found: string[] = [];
    for (const el of document.querySelectorAll(interactive)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not on screen, or hidden until focused (a skip link): nothing to aim at.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      // A link inside a sentence is sized by the sentence (the rule's inline exception).
      if (el.tagName === 'A' && style.display === 'inline') continue;
      if (box.width < min || box.height < min)
        found.push(`${name(el)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return found;
  }, MIN_TARGET);
}
