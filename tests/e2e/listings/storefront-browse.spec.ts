import type { Page } from '@playwright/test';
import { layoutProblems } from '../../fixtures/header-fit';
import { expect, expectConsoleError, nextDialog, signInWithForm, test } from '../fixtures';
import { registerThroughApi } from '../mailbox';
import { openBrowser } from '../storefront-support';

interface ApiListing {
  listing_id: number;
  title: string;
  price: number;
  vendor_id: number;
  username: string;
}

const cards = (page: Page) => page.locator('main article');
/** The link of each card's title (a visitor's heart on the card is a link to sign in too). */
const titleLinks = (page: Page) => cards(page).getByRole('heading').getByRole('link');
const countText = (page: Page) => page.locator('.result-count');

test('a visitor sees up to 8 featured products and opens one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(8);
  const link = titleLinks(page).first();
  const title = (await link.textContent())!;
  await expect(link).toHaveAttribute('href', /^\/productListing\/\d+$/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Type', { exact: true })).toBeVisible();
  await expect(page.getByText('Condition', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
});

test('a search by category and word lives in the URL: reload, back and the logo', async ({
  page,
  request,
}) => {
  const expected = (await (
    await request.get('/api/combined?category=Furniture&title=desk')
  ).json()) as ApiListing[];
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByLabel('Category', { exact: true }).selectOption('Furniture');
  const box = page.getByPlaceholder('What do you want to buy?');
  await box.fill('desk');
  await expect(page.getByRole('button', { name: 'Clear search text' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?search=1&category=Furniture&title=desk$/);
  await expect(page.getByRole('heading', { name: '“desk” in Furniture' })).toBeVisible();
  await expect(countText(page)).toHaveText(
    `${expected.length} item${expected.length === 1 ? '' : 's'}`,
  );
  for (const title of await titleLinks(page).allTextContents()) {
    expect(title.toLowerCase()).toContain('desk');
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: '“desk” in Furniture' })).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Furniture');
  await expect(box).toHaveValue('desk');

  await page.getByRole('link', { name: /Gator Market home/ }).click();
  await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');

  await page.goBack();
  await expect(page.getByRole('heading', { name: '“desk” in Furniture' })).toBeVisible();

  // The clear icon empties the box; an empty search lists everything.
  await page.getByRole('button', { name: 'Clear search text' }).click();
  await expect(box).toHaveValue('');
  await page.getByLabel('Category', { exact: true }).selectOption('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
});

test('the search forgives a typo, and offers the closest words when nothing matches', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByPlaceholder('What do you want to buy?');
  await box.fill('calculas');
  await box.press('Enter');
  await expect(titleLinks(page).first()).toHaveText('Calculus: Early Transcendentals');

  await box.fill('clculas');
  await box.press('Enter');
  await expect(page.getByText(/No items match your search/)).toBeVisible();
  await expect(countText(page)).toHaveText('0 items · Did you mean calculus?');
  await countText(page).getByRole('link', { name: 'calculus' }).click();
  await expect(page).toHaveURL(/\/\?search=1&title=calculus$/);
  await expect(box).toHaveValue('calculus');
  await expect(titleLinks(page).first()).toHaveText('Calculus: Early Transcendentals');
});

test('each filter narrows or orders the results as the server does', async ({ page, request }) => {
  test.setTimeout(120_000);
  const total = async (query: string) =>
    ((await (await request.get(`/api/search?limit=1&${query}`)).json()) as { total: number }).total;

  await page.goto('/?search=1');
  const all = await total('');
  await expect(countText(page)).toHaveText(`${all} items`);

  const apply = async (label: string, option: string, param: string) => {
    await page.getByLabel(label).selectOption({ label: option });
    await expect(page).toHaveURL(new RegExp(`${param}`));
    const query = new URL(page.url()).searchParams;
    query.delete('search');
    const expected = await total(query.toString());
    await expect(countText(page)).toHaveText(`${expected} item${expected === 1 ? '' : 's'}`);
    return expected;
  };
  const clear = async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/\?search=1$/);
  };

  await test.step('condition', async () => {
    const n = await apply('Condition', 'New', 'condition=New');
    expect(n).toBeLessThan(all);
    const conditions = await cards(page)
      .locator('.listing-card-meta > span:first-child')
      .allTextContents();
    expect(new Set(conditions)).toEqual(new Set(['New']));
    await clear();
  });

  await test.step('price, low to high and high to low', async () => {
    const prices = async () =>
      (await cards(page).locator('.listing-card-price').allTextContents()).map((text) =>
        Number(/\$([\d,]+\.\d{2})/.exec(text)![1]!.replaceAll(',', '')),
      );
    // A new order keeps the count: the list drawn before the address changed may still be on
    // screen (the router redraws in a transition), so wait for the cards to be in order.
    const ordered = async (by: (a: number, b: number) => number) => {
      let shown: number[] = [];
      await expect
        .poll(async () => {
          shown = await prices();
          return shown.length > 1 && shown.join() === [...shown].sort(by).join();
        })
        .toBe(true);
      return shown;
    };
    await apply('Sort by', 'Lowest price', 'priceSort=low-to-high');
    const up = await ordered((a, b) => a - b);
    await apply('Sort by', 'Highest price', 'priceSort=high-to-low');
    const down = await ordered((a, b) => b - a);
    expect(down[0]).toBeGreaterThanOrEqual(up.at(-1)!);
    await clear();
  });

  await test.step('date posted', async () => {
    const day = await apply('Date posted', 'Last 24 hours', 'datePosted=24h');
    const week = await apply('Date posted', 'Last 7 days', 'datePosted=7d');
    const month = await apply('Date posted', 'Last 30 days', 'datePosted=30d');
    expect(day).toBeLessThanOrEqual(week);
    expect(week).toBeLessThanOrEqual(month);
    expect(month).toBeLessThan(all);
    await clear();
  });

  await test.step('minimum discount', async () => {
    for (const min of [10, 25, 50]) {
      await apply('Discount', `${min}% off or more`, `minDiscount=${min}`);
      const badges = await cards(page).locator('.badge-gold').allTextContents();
      expect(badges.length).toBe(await cards(page).count());
      for (const badge of badges) expect(parseInt(badge, 10)).toBeGreaterThanOrEqual(min);
    }
    await clear();
  });

  await test.step('minimum vendor rating', async () => {
    for (const min of [4, 3, 2, 1]) {
      await apply('Vendor rating', `${min} star${min === 1 ? '' : 's'} & up`, `minRating=${min}`);
      const labels = await cards(page)
        .getByRole('img', { name: /out of 5 stars/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
      for (const label of labels) expect(parseInt(label, 10)).toBeGreaterThanOrEqual(min);
    }
    await clear();
  });

  await test.step('filters combine with the word and category', async () => {
    await page.goto('/?search=1&category=Books&condition=New&priceSort=high-to-low');
    await expect(page.getByLabel('Condition')).toHaveValue('New');
    const expected = await total('category=Books&condition=New');
    await expect(countText(page)).toHaveText(`${expected} item${expected === 1 ? '' : 's'}`);
  });
});

test('large result sets page with Load more', async ({ page, request }) => {
  const all = ((await (await request.get('/api/search?limit=1')).json()) as { total: number })
    .total;
  expect(all).toBeGreaterThan(24);
  await page.goto('/?search=1');
  await expect(page.getByText(`Showing 24 of ${all}`)).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText(`Showing ${Math.min(48, all)} of ${all}`)).toBeVisible();
  await expect(cards(page)).toHaveCount(Math.min(48, all));
});

test('a visitor’s message, delivery and review controls lead to /login and back', async ({
  page,
  request,
}) => {
  const listing = ((await (await request.get('/api/all')).json()) as ApiListing[]).find(
    (l) => l.username === 'diego',
  )!;
  await page.goto(`/productListing/${listing.listing_id}`);
  await page.getByPlaceholder('Type a message').fill('Hello');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Get Item Delivered' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Write a review' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // No header on the login page.
  await expect(page.getByRole('search')).toHaveCount(0);

  await page.getByLabel('Email').fill('grace@sfsu.edu');
  await page.getByLabel('Password').fill('campus-demo-1');
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  await expect(page).toHaveURL(new RegExp(`/productListing/${listing.listing_id}$`));
  await expect(page.getByRole('button', { name: /grace account menu/ })).toBeVisible();
});

test('a failed login alerts the server message', async ({ page, consoleErrors }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('maria@sfsu.edu');
  await page.getByLabel('Password').fill('not-the-password');
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Invalid email or password.');
  await expectConsoleError(consoleErrors, /401/);
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('from the server', () => {
  // Every visit is the server's answer (a worker that took the page would open the saved app).
  test.use({ serviceWorkers: 'block' });

  test('an unknown listing shows "No item Found", as a 404', async ({ page, consoleErrors }) => {
    const unknown = await page.goto('/productListing/999999');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No item Found' })).toBeVisible();
    // Chromium logs the page's own 404 like any failed load.
    await expectConsoleError(consoleErrors, /404/);
    const malformed = await page.goto('/productListing/not-a-number');
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No item Found' })).toBeVisible();
    await expectConsoleError(consoleErrors, /404/);
  });
});

test('About Us, team pages and the legal pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/aboutTeam$/);
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  const members = page.locator('main').getByRole('link');
  await expect(members).toHaveCount(5);
  await page.goto('/aboutJace');
  await expect(page.getByRole('heading', { name: 'Jace Nguyen' })).toBeVisible();
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.goto('/user-agreement');
  await expect(page.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeVisible();
});

test('signed-in pages send visitors to /login', async ({ page }) => {
  for (const path of [
    '/RealUserProfile',
    '/realUserProfile',
    '/userListings',
    '/Chats',
    '/chats',
    '/vendorPage',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('key pages and the header fit 390 and 360 px phone screens without sideways scrolling', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  // Many pages at two widths: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const { page, context } = await openBrowser(browser, baseURL!, consoleErrors, true);
  const fits = async (path: string) => {
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The longest category name, where the page has the search bar.
      const box = page.locator('select.search-category');
      if (await box.count()) await box.selectOption('Electronics');
      expect(await page.evaluate(layoutProblems), `${path} at ${width} px`).toEqual([]);
    }
  };
  for (const path of [
    '/',
    '/?search=1',
    '/productListing/1',
    '/login',
    '/register',
    '/aboutTeam',
    '/terms-of-service',
  ]) {
    await fits(path);
  }
  // A 20-character username in the header.
  const username = `long${'n'.repeat(12)}${Date.now().toString(36).slice(-4)}`;
  await registerThroughApi(page.request, username, { firstName: 'Long', lastName: 'Name' });
  await page.request.post('/api/logout');
  await signInWithForm(page, username);
  for (const path of [
    '/RealUserProfile',
    '/Chats',
    '/userListings',
    '/vendorPage',
    '/userProfile?id=3',
  ]) {
    await fits(path);
  }
  // The search bar works on the phone too.
  await page.locator('select.search-category').selectOption('');
  await page.getByPlaceholder('What do you want to buy?').fill('lamp');
  await page.getByPlaceholder('What do you want to buy?').press('Enter');
  await expect(page.getByRole('heading', { name: 'Results for “lamp”' })).toBeVisible();
  await context.close();
});
