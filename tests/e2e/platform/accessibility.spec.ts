/**
 * Every screen of the product, as a visitor and signed in as a buyer, a vendor and a courier,
 * on a phone and on a desktop, checked with axe-core against the WCAG 2.2 A/AA rules and axe's
 * best practices: no violation allowed. Dialogs and the open account menu are checked too.
 * axe is injected as a script, which the pages' CSP forbids: these contexts bypass the CSP for
 * that and nothing else.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { axeViolations } from '../a11y-support';
import { listingOf, newActor, requestDelivery } from '../delivery-support';
import { DEMO_PASSWORD, demoEmail, expect, test } from '../fixtures';
import { appleDevice, appStarted, CARD_TEXT, offerInstall, SHEET_NAME } from '../install-support';

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;

/** Waits until the screen shows its data, not a loading state. */
async function settled(page: Page) {
  // Every screen has one level-one heading; until it shows, the screen's code has not run yet
  // (a lazy page on a loaded machine). An open dialog (an alert or a question too) hides the
  // page behind it, heading and all.
  await expect(
    page
      .getByRole('heading', { level: 1 })
      .or(page.getByRole('dialog'))
      .or(page.getByRole('alertdialog'))
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  // The courier screen's loading mascot goes once its data and map are ready.
  await expect(page.locator('.nav-loading')).toHaveCount(0, { timeout: 10_000 });
}

async function check(page: Page, what: string) {
  await settled(page);
  expect(await axeViolations(page), what).toEqual([]);
}

/** Opens the app's question behind `opener`, checks it open, and says no (Escape). */
async function checkQuestion(opener: Locator, question: string) {
  const page = opener.page();
  await opener.click();
  await expect(page.getByRole('alertdialog', { name: question })).toBeVisible();
  await check(page, question);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

async function signedInContext(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS,
  username?: string,
): Promise<{ context: BrowserContext; page: Page; userId: number }> {
  const context = await browser.newContext({
    baseURL,
    ...VIEWPORTS[viewport],
    bypassCSP: true,
    serviceWorkers: 'block',
    // No location: the courier screens would share a position for the demo courier's delivery,
    // which other tests expect to have none.
    permissions: [],
  });
  // The configured TILE_URL has no tiles here; the map's look is not what axe checks.
  await context.route('**/tiles/**', (route) => route.fulfill({ status: 404, body: '' }));
  const page = await context.newPage();
  if (!username) return { context, page, userId: 0 };
  const res = await page.request.post('/api/login', {
    data: { email: demoEmail(username), password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: { user_id: number } };
  await context.addInitScript((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('sessionExpiry', String(Date.now() + 25 * 60 * 1000));
  }, user);
  return { context, page, userId: user.user_id };
}

async function listingId(page: Page, seller: string): Promise<number> {
  const listings = (await (await page.request.get('/api/all')).json()) as {
    listing_id: number;
    username: string;
    listing_status: string;
  }[];
  const found = listings.find((l) => l.username === seller && l.listing_status === 'Active');
  if (!found) throw new Error(`no active listing of ${seller}`);
  return found.listing_id;
}

async function untouchedListing(page: Page, buyerId: number): Promise<number> {
  const listings = (await (await page.request.get('/api/all')).json()) as {
    listing_id: number;
    vendor_id: number;
    listing_status: string;
  }[];
  for (const l of listings) {
    if (l.vendor_id === buyerId || l.listing_status !== 'Active') continue;
    const requested = (await (
      await page.request.get(
        `/api/delivery_request/listing-buyer?userId=${buyerId}&listingId=${l.listing_id}`,
      )
    ).json()) as unknown[];
    // Reviews follow dealings: a seller maria has talked with and not yet reviewed.
    const review = (await (
      await page.request.get(`/api/review/eligibility/${l.vendor_id}`)
    ).json()) as { can_review: boolean };
    if (requested.length === 0 && review.can_review) return l.listing_id;
  }
  throw new Error('every listing was requested or its seller reviewed or never talked with');
}

for (const viewport of ['phone', 'desktop'] as const) {
  test.describe(`accessibility on a ${viewport}`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('visitor screens', async ({ browser, baseURL }) => {
      const { context, page } = await signedInContext(browser, baseURL!, viewport);
      const product = await listingId(page, 'priya');
      for (const url of [
        '/',
        '/?category=Books',
        `/productListing/${product}`,
        '/productListing/999999',
        '/login',
        '/register',
        '/forgot-password',
        `/reset-password?token=${'A'.repeat(43)}`,
        '/reset-password',
        '/aboutTeam',
        '/aboutJace',
        '/terms-of-service',
        '/user-agreement',
        '/no-such-page',
      ]) {
        await page.goto(url);
        await check(page, url);
      }
      // A search with its filter row.
      await page.goto('/');
      await page.getByPlaceholder('What do you want to buy?').fill('lamp');
      await page.getByPlaceholder('What do you want to buy?').press('Enter');
      await expect(page.getByRole('heading', { name: /result/i }).first()).toBeVisible();
      await check(page, 'search results');
      await context.close();
    });

    test('buyer screens', async ({ browser, baseURL }) => {
      const { context, page, userId } = await signedInContext(browser, baseURL!, viewport, 'maria');
      const product = await listingId(page, 'lena');
      for (const url of [
        '/',
        `/productListing/${product}`,
        '/Chats',
        '/RealUserProfile',
        '/userProfile',
        '/userListings',
        '/OrderStatus',
        '/vendorPage',
      ]) {
        await page.goto(url);
        await check(page, url);
      }
      await page.getByRole('button', { name: /account menu/ }).click();
      await check(page, 'account menu open');

      // A listing maria has not asked delivery of, by a seller she may review.
      const open = await untouchedListing(page, userId);
      await page.goto(`/productListing/${open}`);
      await settled(page);
      await page.getByRole('button', { name: 'Get Item Delivered' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'delivery request form');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Write a review' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'review form');
      await page.keyboard.press('Escape');
      await page.goto('/RealUserProfile');
      await settled(page);
      await page.getByRole('button', { name: 'Create Listing' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'create listing: choice');
      await page.getByRole('button', { name: 'New Product' }).click();
      await check(page, 'create listing: new product');
      await context.close();
    });

    test('vendor screens', async ({ browser, baseURL, consoleErrors }) => {
      // A request of its own waits for priya: the demo's pending ones may have been answered by
      // earlier tests on this worker's server.
      const buyer = await newActor(browser, baseURL!, 'axebuyer', { consoleErrors });
      await requestDelivery(buyer, await listingOf(buyer.page.request, 'priya'), 'Library', '');
      await buyer.context.close();
      const { context, page } = await signedInContext(browser, baseURL!, viewport, 'priya');
      const own = await listingId(page, 'priya');
      for (const url of ['/vendorDeliveryRequest', `/productListing/${own}`, '/userListings']) {
        await page.goto(url);
        await check(page, url);
      }
      await page.goto('/vendorDeliveryRequest');
      await settled(page);
      await page.getByRole('button', { name: 'Accept' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'accept sheet');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The app's own confirmations, open: declining a request, marking a listing sold.
      await checkQuestion(
        page.getByRole('button', { name: 'Decline' }).first(),
        'Decline this delivery request?',
      );
      await page.goto('/userListings');
      await settled(page);
      await checkQuestion(
        page.getByRole('button', { name: /^Mark as Sold/ }).first(),
        'Mark this listing as sold?',
      );
      await page.goto('/RealUserProfile');
      await settled(page);
      await page.getByRole('button', { name: 'Create Listing' }).click();
      await page.getByRole('button', { name: 'Existing Product' }).click();
      await check(page, 'create listing: existing product');
      await context.close();
    });

    test('a new account: confirming the address, changing the password, the mailbox', async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await signedInContext(browser, baseURL!, viewport);
      const username = `axe${viewport}${Date.now().toString(36)}`;
      const res = await page.request.post('/api/register', {
        data: {
          firstName: 'Axe',
          lastName: 'Checker',
          username,
          sfsu_email: `${username}@sfsu.edu`,
          password: DEMO_PASSWORD,
          confirmPassword: DEMO_PASSWORD,
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const { user } = (await res.json()) as { user: unknown };
      await context.addInitScript((u) => {
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('sessionExpiry', String(Date.now() + 25 * 60 * 1000));
      }, user);
      await page.goto('/RealUserProfile');
      await expect(page.getByRole('region', { name: 'Confirm your campus e-mail' })).toBeVisible();
      await page.getByRole('button', { name: 'Change password' }).click();
      await check(page, 'profile of an unverified account, changing the password');
      await page.goto('/verify-email');
      await check(page, 'the verification link without its code');
      await page.goto(`/mailbox?to=${username}%40sfsu.edu`);
      await check(page, 'the built-in mailbox');
      await page.getByRole('link', { name: /Confirm your campus e-mail/ }).click();
      await check(page, 'a mail in the built-in mailbox');
      await context.close();
    });

    test('install offers: the header, the account menu, the courier card, the iPhone and iPad sheet', async ({
      browser,
      baseURL,
    }) => {
      const visitor = await signedInContext(browser, baseURL!, viewport);
      await visitor.page.goto('/');
      await offerInstall(visitor.page);
      await expect(visitor.page.getByRole('button', { name: 'Install app' })).toBeVisible();
      await check(visitor.page, 'Install app in the header');
      await visitor.context.close();

      const courier = await signedInContext(browser, baseURL!, viewport, 'jace');
      await courier.page.goto('/CourierPage');
      await offerInstall(courier.page);
      await expect(courier.page.getByText(CARD_TEXT)).toBeVisible();
      await check(courier.page, 'the install card');
      await courier.page.getByRole('button', { name: /account menu/ }).click();
      await expect(courier.page.getByRole('button', { name: 'Install app' }).first()).toBeVisible();
      await check(courier.page, 'account menu with Install app');
      await courier.context.close();

      const apple = await browser.newContext({
        ...appleDevice(viewport === 'phone' ? 'iPhone 15' : 'iPad Pro 11'),
        baseURL,
        bypassCSP: true,
        serviceWorkers: 'block',
      });
      const page = await apple.newPage();
      await page.goto('/');
      await appStarted(page);
      await page.getByRole('button', { name: 'Install app' }).tap();
      await expect(page.getByRole('dialog', { name: SHEET_NAME })).toBeVisible();
      await check(page, 'the Add to Home Screen sheet');
      await apple.close();
    });

    test('courier screens', async ({ browser, baseURL }) => {
      const { context, page, userId } = await signedInContext(browser, baseURL!, viewport, 'jace');
      const mine = (await (
        await page.request.get(`/api/delivery_instruction/courier/${userId}`)
      ).json()) as { delivery_id: number; delivery_status: string }[];
      const assigned = mine.find((d) => d.delivery_status === 'Assigned');
      expect(assigned, 'jace has an Assigned delivery in the demo data').toBeDefined();
      for (const url of [
        '/CourierPage',
        '/courierRecord',
        '/CourierNav',
        `/courierNav/${assigned!.delivery_id}`,
      ]) {
        await page.goto(url);
        await check(page, url);
      }
      await context.close();
    });
  });
}
