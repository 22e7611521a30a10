/**
 * A buyer on campus Wi-Fi that lies (issue "Campus Wi-Fi that lies"): the phone says it is
 * online while every request hangs or crawls. No screen waits forever, each says when it shows
 * saved data, each recovers by itself, and nothing is sent twice.
 */
import type { APIRequestContext, Request, Response } from '@playwright/test';
import { countConsoleErrors, signInWithForm } from '../fixtures';
import { expect, forgetNetworkErrors, messagesWith, newStudent, test } from '../lie-fi-support';
import { waitForSaved, waitForServiceWorker } from '../offline-helpers';
import { makePng } from '../../fixtures/png';

test('Order Status keeps showing the saved order through a stall and catches up by itself', async ({
  page,
  wifi,
  tomsDelivery,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { deliveryId, title, tom, buyerEmail } = tomsDelivery;
  await signInWithForm(page, buyerEmail);
  await page.goto('/OrderStatus');
  await waitForServiceWorker(page);
  const order = page.getByRole('link', { name: title });
  await expect(order).toContainText('Status: Assigned');
  await waitForSaved(page, ['deliveries']);

  // The Wi-Fi hangs; meanwhile the courier picks the item up.
  wifi.stall();
  const picked = await tom.api.put(`/api/delivery_instruction/${deliveryId}`, {
    data: { delivery_status: 'Picked Up' },
  });
  expect(picked.ok()).toBe(true);
  // The 10-second refresh runs into its deadline: the screen says it shows saved data.
  const trouble = page.getByTestId('connection-trouble');
  await expect(trouble).toContainText(/^Connection trouble, showing what was saved /, {
    timeout: 30_000,
  });
  await expect(order).toContainText('Status: Assigned');
  // Still refreshing every 10 s: a stuck request does not stop the clock.
  const asked = await page.evaluate(() => performance.getEntriesByType('resource').length);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').length), {
      timeout: 30_000,
    })
    .toBeGreaterThan(asked);

  // The network is back; nobody touches the phone.
  wifi.pass();
  await expect(order).toContainText('Status: Picked Up', { timeout: 20_000 });
  await expect(trouble).toHaveCount(0);
  forgetNetworkErrors(consoleErrors);
});

test('a page never opened before, opened in a stall, offers Try again and loads by itself', async ({
  page,
  wifi,
  playwright,
  appURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { email } = await newStudent((o) => playwright.request.newContext(o), appURL);
  const seller = await newStudent((o) => playwright.request.newContext(o), appURL);
  await signInWithForm(page, email);
  await page.goto('/realUserProfile');
  await waitForServiceWorker(page);

  wifi.stall();
  // A listing put up meanwhile: the app shell comes from the phone (the service worker), the
  // listing has to come over the network, which does not answer.
  const title = `Desk lamp ${Date.now().toString(36)}`;
  const listingId = await listItem(seller.api, title);
  await page.goto(`/productListing/${listingId}`);
  const failure = page.getByRole('alert').filter({ hasText: 'The network is not answering' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('connection-trouble')).toContainText('Connection trouble');
  await expect(page.getByText('Loading…')).toHaveCount(0);

  wifi.pass();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('connection-trouble')).toHaveCount(0);
  forgetNetworkErrors(consoleErrors);
});

test('on a crawling network the product page opened from home shows the listing at once and asks its checks alongside', async ({
  page,
  wifi,
  playwright,
  appURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await newStudent((o) => playwright.request.newContext(o), appURL);
  await signInWithForm(page, email);
  await page.goto('/');
  await waitForServiceWorker(page);
  const card = page.locator('main article').first();
  await expect(card).toBeVisible();
  const link = card.getByRole('link');
  const title = (await link.textContent())!;
  const listingId = Number(/\d+$/.exec((await link.getAttribute('href'))!)![0]);

  // Every answer now takes 3 seconds.
  wifi.slow(3_000);
  const detail = `/api/listing/${listingId}`;
  let detailAnswered = false;
  let checkSentBeforeDetail = false;
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === detail) detailAnswered = true;
  });
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/direct_message/listing-sender/get') && !detailAnswered)
      checkSentBeforeDetail = true;
  });
  await link.click();
  // The home page's list already holds the listing: it shows before the network answers.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(detailAnswered).toBe(false);
  // The message box's check went out with the listing's refresh, not after it.
  await expect.poll(() => checkSentBeforeDetail).toBe(true);
  await expect(page.getByPlaceholder('Type a message')).toBeVisible({ timeout: 15_000 });
});

test('Send says Sending…, a double tap stores one message, and a lost answer waits to be sent again, once', async ({
  page,
  wifi,
  playwright,
  appURL,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const buyer = await newStudent((o) => playwright.request.newContext(o), appURL);
  const all = (await (await buyer.api.get('/api/all')).json()) as { listing_id: number }[];
  const [first, second] = all.slice(-2);
  await signInWithForm(page, buyer.email);
  await page.goto(`/productListing/${first!.listing_id}`);
  await waitForServiceWorker(page);
  const box = page.getByPlaceholder('Type a message');

  // A slow network: the tap shows Sending… until the server has it, a second tap adds nothing.
  wifi.slow(2_000);
  await box.fill('Is it still available?');
  await page.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(page.getByText('Message Sent to Seller')).toBeVisible({ timeout: 15_000 });
  expect(await messagesWith(buyer.api, 'Is it still available?')).toHaveLength(1);

  // The request reaches the server, the answer never comes back: after the deadline the
  // message waits in the outbox (never "Could not send" for the network), and once the network
  // works the outbox sends it again with its id, which the server already has: still one.
  wifi.pass();
  await page.goto(`/productListing/${second!.listing_id}`);
  await expect(box).toBeVisible();
  wifi.stall({ requestsArrive: true });
  await box.fill('Can you hold it for me?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
  await expect(page.getByTestId('message-waiting')).toContainText('Can you hold it for me?', {
    timeout: 60_000,
  });
  await expect(page.getByText('Could not send')).toHaveCount(0);
  expect(await messagesWith(buyer.api, 'Can you hold it for me?')).toHaveLength(1);
  wifi.pass();
  await expect(page.getByText('Message Sent to Seller')).toBeVisible({ timeout: 30_000 });
  expect(await messagesWith(buyer.api, 'Can you hold it for me?')).toHaveLength(1);
  forgetNetworkErrors(consoleErrors);
});

test('pictures asked for in a stall do not keep the app off the network once it is back', async ({
  page,
  wifi,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await waitForServiceWorker(page);

  // In the stall a screen of new listings asks for their pictures: the worker fetches them
  // (it keeps pictures), and each fetch hangs on the dead network. The browser keeps six
  // connections to a host, pages and worker alike. The pictures are a real listing's under
  // addresses the worker has not kept: one that reaches the server once the network is back
  // is found, as a new listing's picture would be.
  const picture = await page.locator('img[src^="/uploads/"]').first().getAttribute('src');
  expect(picture).toBeTruthy();
  wifi.stall();
  await page.evaluate((src) => {
    for (let i = 0; i < 8; i++) {
      const img = document.createElement('img');
      img.src = `${src}?seen=${Date.now()}-${i}`;
      img.alt = '';
      document.body.append(img);
    }
  }, picture!);
  await page.waitForTimeout(1_000);

  // The network is back: the app reaches the server again (each hung picture has a deadline).
  wifi.pass();
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(2_000) }).then(
            (res) => res.status,
            () => 'no answer',
          ),
        ),
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(200);
  forgetNetworkErrors(consoleErrors);
});

test('a part of the page whose styles or code are lost on the way (the heart, the bell) leaves the page whole', async ({
  browser,
  appURL,
  consoleErrors,
}) => {
  // No service worker: every chunk comes from the network, where these are lost (a page left
  // while they load cuts them off the same way).
  const context = await browser.newContext({ baseURL: appURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  const lost = /\/assets\/(favorite|notification-bell)-[^/]+\.css$/;
  const refused: string[] = [];
  await context.route(lost, (route) => {
    refused.push(route.request().url());
    return route.abort('aborted');
  });

  await signInWithForm(page, 'maria');
  await page.goto('/');
  const cards = page.locator('main article');
  await expect(cards.first().getByRole('link')).toBeVisible();
  await expect(page.getByRole('button', { name: /maria account menu/ })).toBeVisible();
  await expect.poll(() => refused.some((url) => url.includes('/favorite-'))).toBe(true);
  await expect.poll(() => refused.some((url) => url.includes('/notification-bell-'))).toBe(true);
  // The page stays, without the parts: no heart on the cards, the bell's place kept empty.
  await expect(page.locator('.bell-slot')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Favourite: / })).toHaveCount(0);
  await expect(cards.first().getByRole('link')).toBeVisible();
  forgetNetworkErrors(consoleErrors);
  await context.close();
});

/** A listing of the person `api` is signed in as, with a real picture; its id. */
async function listItem(api: APIRequestContext, title: string): Promise<number> {
  const me = (await (await api.get('/api/me')).json()) as { user: { user_id: number } };
  const res = await api.post('/api/listing', {
    data: {
      thumbnail: makePng().toString('base64'),
      mimetype: 'image/png',
      title,
      price: 25,
      description: 'Bright and steady',
      category: 'Furniture',
      conditions: 'Used - Good',
      vendor_id: me.user.user_id,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { listing_id: number }).listing_id;
}
