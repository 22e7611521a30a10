import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectConsoleError, test } from '../fixtures';

/**
 * Every public page hydrates without an error in a browser on campus time and in one far away:
 * the server writes dates in the campus's time zone (CAMPUS_TIME_ZONE, America/Los_Angeles by
 * default) and the browser writes them the same, whatever zone the phone is set to. React
 * reports a page that does not hydrate (#418 and its kin) as an error, which fails the test
 * (fixtures.ts counts every console error and uncaught error).
 */

interface Listing {
  listing_id: number;
  vendor_id: number;
}

/** A listing whose seller has reviews (their dates are on the listing page), and the seller. */
async function listingWithReviews(request: APIRequestContext) {
  const listings = (await (await request.get('/api/all')).json()) as Listing[];
  for (const listing of listings) {
    const reviews = (await (await request.get(`/api/review/${listing.vendor_id}`)).json()) as {
      review_date: string;
    }[];
    if (reviews.length > 0) return { listing, reviews };
  }
  throw new Error('the demo data has no seller with reviews');
}

/** Opens `url` and waits until the app has taken the page over (hydrated and settled). */
async function openHydrated(page: Page, url: string, heading: string | RegExp) {
  const response = await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  return response;
}

for (const timezoneId of ['America/Los_Angeles', 'Asia/Tokyo']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('hydrates every public page without an error', async ({
      page,
      request,
      consoleErrors,
    }) => {
      const { listing, reviews } = await listingWithReviews(request);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        timezoneId,
      );

      await openHydrated(page, '/', 'Buy and sell on campus');
      await openHydrated(page, '/?search=1&title=lamp', /lamp/);

      const product = await openHydrated(page, `/productListing/${listing.listing_id}`, /./);
      expect(product?.status()).toBe(200);
      // The dates are the campus's, as the server wrote them.
      const campusDate = (iso: string) =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));
      await expect(page.getByText(campusDate(reviews[0]!.review_date)).first()).toBeVisible();

      await openHydrated(page, `/userProfile?id=${listing.vendor_id}`, /./);
      await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
      await openHydrated(page, '/login', 'Login');
      await openHydrated(page, '/register', 'Register');

      const missing = await openHydrated(page, '/no-such-page', 'Page not found');
      expect(missing?.status()).toBe(404);
      // Chromium logs the page's own 404 like any failed load.
      await expectConsoleError(consoleErrors, /404/);
      const gone = await openHydrated(page, '/productListing/99999999', 'No item Found');
      expect(gone?.status()).toBe(404);
      await expectConsoleError(consoleErrors, /404/);
    });
  });
}

test.describe('the check itself', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('catches a page whose dates the browser writes otherwise', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { listing, reviews } = await listingWithReviews(request);
    // The browser is told another zone than the server wrote in, one whose calendar day differs
    // from the campus's at the first review's moment. Kiritimati (UTC+14) is 22 hours ahead of
    // the campus: for a review written in the campus's first two hours of a day it is still
    // that day there, and then UTC-12 is on the day before.
    const day = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone }).format(new Date(reviews[0]!.review_date));
    const otherZone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find(
      (zone) => day(zone) !== day('America/Los_Angeles'),
    )!;
    await page.addInitScript((zone) => {
      new MutationObserver((_records, observer) => {
        if (!document.documentElement) return;
        document.documentElement.setAttribute('data-time-zone', zone);
        observer.disconnect();
      }).observe(document, { childList: true });
    }, otherZone);
    await page.goto(`/productListing/${listing.listing_id}`);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expectConsoleError(consoleErrors, /React error #418/);
    consoleErrors.splice(0);
  });
});
