import { expect, expectConsoleError, test } from '../fixtures';
import { goOffline, goOnline, waitForServiceWorker, watchRequests } from '../offline-helpers';

/**
 * Unknown addresses are real 404s from the server, and the saved app still opens every address
 * offline: the service worker answers navigations with its precached shell, never with a page
 * it fetched (a 404 is not kept as the app).
 */
test('a first visit to an unknown address is a 404; offline, every address opens the saved app', async ({
  page,
  context,
  consoleErrors,
}) => {
  const requests = watchRequests(page);
  const first = await page.goto('/no-such-page');
  expect(first?.status()).toBe(404);
  await expectConsoleError(consoleErrors, /404/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The worker installs from that page as from any other.
  await waitForServiceWorker(page);
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.map((url) => new URL(url).pathname);
  });
  expect(kept).not.toContain('/no-such-page');

  // Cut only once nothing is on its way (a request cut midway is logged as a failed load).
  await requests.quiet();
  await goOffline(context);
  for (const [url, heading] of [
    ['/', 'Buy and sell on campus'],
    ['/aboutTeam', 'About Us'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    const res = await page.goto(url);
    expect(res?.fromServiceWorker(), url).toBe(true);
    expect(res?.status(), url).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await goOnline(context);
});
