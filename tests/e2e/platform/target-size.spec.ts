/**
 * Every control a finger or a pointer aims at is at least 24 x 24 CSS px (WCAG 2.5.8, without
 * axe's spacing allowance), measured on a phone on the screens with forms and pickers. Links in
 * running text are the rule's own exception and are left out.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { smallTargets } from '../a11y-support';
import { demoActor, listingOf } from '../delivery-support';

async function settledOn(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('controls of the sign-in, registration and search screens are 24 px targets at least', async ({
  page,
}) => {
  await page.goto('/login');
  await settledOn(page, 'Login');
  expect(await smallTargets(page), 'login').toEqual([]);
  await page.goto('/register');
  await settledOn(page, 'Register');
  expect(await smallTargets(page), 'register').toEqual([]);
  await page.goto('/?search=1&title=lamp');
  await expect(page.getByLabel('Sort by')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await smallTargets(page), 'search results').toEqual([]);
});

test('the price sort’s choices fit its select on a phone', async ({ page }) => {
  await page.goto('/?search=1&title=lamp');
  const sort = page.getByLabel('Sort by');
  await expect(sort).toBeVisible();
  // Each choice's text, in the select's font, against the room the select gives it.
  const overflow = await sort.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const room =
      select.clientWidth -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight) -
      // The drop-down arrow.
      16;
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return [...select.options]
      .filter((o) => ctx.measureText(o.text).width > room)
      .map((o) => `${o.text}: ${Math.round(ctx.measureText(o.text).width)} > ${Math.round(room)}`);
  });
  expect(overflow).toEqual([]);
});

test('controls of the product page and the New Product form are 24 px targets at least', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  const buyer = await demoActor(browser, baseURL!, 'maria', { consoleErrors, phone: true });
  const page = buyer.page;
  const listing = await listingOf(page.request, 'lena');
  await page.goto(`/productListing/${listing.listing_id}`);
  await settledOn(page, listing.title);
  expect(await smallTargets(page), 'product page').toEqual([]);
  await page.goto('/RealUserProfile');
  await settledOn(page, /.+/);
  expect(await smallTargets(page), 'profile').toEqual([]);
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await page.getByRole('button', { name: 'New Product' }).click();
  await expect(page.getByLabel('Image')).toBeVisible();
  expect(await smallTargets(page), 'new product').toEqual([]);
});
