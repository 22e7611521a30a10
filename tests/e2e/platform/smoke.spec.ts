import { expect, test } from '../fixtures';

test('the built app is served with demo data by the real server', async ({ page, request }) => {
  const listings = await request.get('/api/all');
  expect(listings.ok()).toBe(true);
  expect((await listings.json()).length).toBeGreaterThanOrEqual(60);

  await page.goto('/');
  await expect(page).toHaveTitle(/Gator Market/);
  await expect(page.locator('#root')).not.toBeEmpty();
});
