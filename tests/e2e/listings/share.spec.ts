import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * The Share button of a listing: the system's share sheet where the browser has the Web Share
 * API, else the link copied (a real button, reached with the keyboard).
 */

async function openListing(page: Page): Promise<string> {
  const [first] = (await (await page.request.get('/api/all?limit=1')).json()) as {
    listing_id: number;
  }[];
  const path = `/productListing/${first!.listing_id}`;
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  return new URL(path, page.url()).href;
}

test('without a share sheet, Share copies the link and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Desktop Chromium on Linux has no share sheet; make sure of it.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  const link = await openListing(page);
  const share = page.getByRole('button', { name: 'Share' });
  await share.focus();
  // Reached with the keyboard: the next control back and forth is the button again.
  await page.keyboard.press('Shift+Tab');
  await expect(share).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(share).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test('with a share sheet, Share hands it the listing', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
  });
  const link = await openListing(page);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title, url: link }]);
  await expect(page.getByText('Link copied')).toHaveCount(0);
});
