import { expect, test } from '../fixtures';

/**
 * Visitors without a session get the public pages rendered by the server: readable before (and
 * without) any script, then hydrated in place into the same app.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, a listing and the sign-in form are readable', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Buy and sell on campus' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
    const cards = page.locator('.listing-card');
    expect(await cards.count()).toBeGreaterThan(0);

    const [first] = (await (await request.get('/api/all?limit=1')).json()) as {
      listing_id: number;
      title: string;
    }[];
    await page.goto(`/productListing/${first!.listing_id}`);
    await expect(page.getByRole('heading', { name: first!.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toBeDisabled();

    await page.goto('/login');
    await expect(page.getByLabel('Password')).toBeVisible();
    // Until the app runs, its forms take no input that would be lost (or sent natively, with
    // the password in the address).
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await page.goto('/');
    await expect(page.getByLabel('Search listings')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  });
});

test('the forms of a rendered page take input once the app has started', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.getByLabel('Password')).toBeEditable();
  await page.goto('/');
  await expect(page.getByLabel('Search listings')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
  await page.locator('.listing-card-title a').first().click();
  await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toBeEnabled();
});

test('a link clicked before the app has taken over is followed by the browser', async ({
  page,
}) => {
  // The app's code never arrives, and a handler stands in for a router caught halfway through
  // hydration, which would take the click and go nowhere.
  await page.route('**/assets/index-*.js', () => new Promise(() => {}));
  await page.addInitScript(() =>
    document.addEventListener('click', (event) => event.preventDefault()),
  );
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/aboutTeam$/);
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
});

test('a visitor who scrolled while the code loaded stays there, and the link under the pointer works', async ({
  page,
}) => {
  // A slow network: the app's code arrives only after the visitor has scrolled to the footer.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/');
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  await about.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await about.click();
  await expect(page).toHaveURL(/\/aboutTeam$/);
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
});

test('the rendered home page is hydrated in place and works as the app', async ({ page }) => {
  // Keep the header element the HTML parser made: hydration adopts it, a re-render would not.
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('site-header')) {
            (window as unknown as { parsedHeader: Element }).parsedHeader = node;
            observer.disconnect();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const heading = page.getByRole('heading', { name: 'Featured products' });
  await expect(heading).toBeVisible();
  // Once hydrated, the app takes the page's links over from the browser.
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const firstTitle = await page.locator('.listing-card-title').first().textContent();

  // Hydrated: the search form is the app's, it updates the address without a page load.
  await page.getByLabel('Search listings').fill('lamp');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/title=lamp/);
  await page.goBack();
  await expect(heading).toBeVisible();
  // The featured listings were not fetched again and reshuffled under the reader.
  await expect(page.locator('.listing-card-title').first()).toHaveText(firstTitle!);
  const adopted = await page.evaluate(
    () =>
      document.querySelector('.site-header') ===
      (window as unknown as { parsedHeader?: Element }).parsedHeader,
  );
  expect(adopted).toBe(true);
});

test('a visitor who never signs in loads no outbox or live-event code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
  // The service worker's registration comes after the load: the page has started everything.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
    .toBe(true);
  await page.locator('.listing-card-title a').first().click();
  await expect(page.getByRole('heading', { name: 'Message the seller' })).toBeVisible();
  expect(scripts.some((s) => /background-services/.test(s))).toBe(true);
  expect(scripts.filter((s) => /outbox|live|signed-in-services/.test(s))).toEqual([]);
});
