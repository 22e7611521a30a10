/**
 * What the sales journeys share: a person's own phone that lets axe in, and the accessibility
 * check of a sales screen as it stands (tests/e2e/a11y-support.ts measures).
 */
import type { Browser, Page } from '@playwright/test';
import { makePng } from '../../fixtures/png.js';
import { axeViolations, smallTargets } from '../a11y-support';
import { PHONE, type Actor } from '../delivery-support';
import { countConsoleErrors, demoEmail, expect, signInWithForm } from '../fixtures';

/**
 * `actor`'s own phone with axe allowed in (the CSP bypassed for that alone), signed in through
 * the form. `plainTiles`: the test server has no map tiles, so a plain one stands in for each.
 */
export async function checkedPhone(
  browser: Browser,
  baseURL: string,
  actor: Actor,
  consoleErrors: string[],
  { plainTiles = false }: { plainTiles?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...PHONE,
    isMobile: true,
    bypassCSP: true,
    serviceWorkers: 'block',
  });
  if (plainTiles) {
    await context.route('**/tiles/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: makePng() }),
    );
  }
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  await signInWithForm(page, demoEmail(actor.user.username));
  return page;
}

/** Once the screen has loaded: no axe violation and no control under 24 px. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect(await axeViolations(page), what).toEqual([]);
  expect(await smallTargets(page), what).toEqual([]);
}
