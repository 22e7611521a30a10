import type { APIRequestContext } from '@playwright/test';
import { conversationKey } from '../../../src/shared/screens.js';
import { DEMO_PASSWORD, demoEmail, expect, signInWithForm, test } from '../fixtures';
import {
  blankTiles,
  goOffline,
  goOnline,
  waitForSaved,
  waitForServiceWorker,
} from '../offline-helpers';
import { messagesWith, newStudent } from '../lie-fi-support';

interface ListingRow {
  listing_id: number;
  vendor_id: number;
  username: string;
  title: string;
}

/** The seller's own view of their messages: what they would read. */
async function sellerSees(api: APIRequestContext, content: string) {
  return messagesWith(api, content);
}

test.describe('chat messages without a network', () => {
  test('a message sent offline waits, survives a reload, and reaches the seller once when back online', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const buyer = await newStudent((o) => playwright.request.newContext(o), baseURL!);
    const all = (await (await buyer.api.get('/api/all')).json()) as ListingRow[];
    const listing = all.at(-1)!;
    const seller = await playwright.request.newContext({ baseURL: baseURL! });
    const login = await seller.post('/api/login', {
      data: { email: demoEmail(listing.username), password: DEMO_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);

    await signInWithForm(page, buyer.email);
    await page.goto(`/productListing/${listing.listing_id}`);
    await waitForServiceWorker(page);
    const box = page.getByPlaceholder('Type a message');
    await expect(box).toBeVisible();
    await waitForSaved(page, ['listings', 'detail', listing.listing_id]);

    const text = `Offline question ${Date.now().toString(36)}`;
    await goOffline(context);
    await box.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    const waiting = page.getByTestId('message-waiting');
    await expect(waiting).toContainText('Waiting to send');
    await expect(waiting).toContainText(text);
    await expect(page.getByText('Could not send')).toHaveCount(0);

    // Still offline: a reload (and the app's restart) keeps it waiting.
    await page.reload();
    await expect(page.getByTestId('message-waiting')).toContainText(text);
    expect(await sellerSees(seller, text)).toHaveLength(0);

    await goOnline(context);
    await expect(page.getByText('Message Sent to Seller')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('message-waiting')).toHaveCount(0);
    await expect.poll(() => sellerSees(seller, text).then((m) => m.length)).toBe(1);
    expect(await messagesWith(buyer.api, text)).toHaveLength(1);

    // The conversation on the Chats page: a reply written offline waits in the thread too.
    await page.goto(`/Chats?c=${conversationKey(listing.listing_id, listing.vendor_id)}`);
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(text);
    await waitForSaved(page, ['messages'], text);
    const reply = `Still there? ${Date.now().toString(36)}`;
    await goOffline(context);
    await page.getByPlaceholder('Type a message').fill(reply);
    await page.getByRole('button', { name: 'Send' }).click();
    const bubble = page.getByTestId('message-waiting');
    await expect(bubble).toContainText(reply);
    await expect(bubble).toContainText('Waiting to send');
    await expect(page.getByPlaceholder('Type a message')).toHaveValue('');
    await page.reload();
    await expect(page.getByTestId('message-waiting')).toContainText(reply);

    await goOnline(context);
    await expect(page.getByTestId('message-waiting')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(reply);
    await expect.poll(() => sellerSees(seller, reply).then((m) => m.length)).toBe(1);
    expect(await sellerSees(seller, text)).toHaveLength(1);
    await seller.dispose();
  });
});

test.describe('pages never opened before', () => {
  test('opened offline, a page says so with Try again (never an endless Loading…) and loads once back online', async ({
    page,
    context,
  }) => {
    // Once another file of this worker has left maria an order under way, Order Status shows
    // its live map, whose tiles the (tile-less) test server does not have.
    await blankTiles(context);
    await signInWithForm(page, 'maria');
    await waitForServiceWorker(page);

    await goOffline(context);
    // The app shell comes from the service worker; the orders have never been fetched here.
    await page.goto('/OrderStatus');
    const offline = page.getByTestId('offline-state');
    await expect(offline).toContainText('You are offline.');
    await expect(page.getByText('Loading…')).toHaveCount(0);
    // Trying again without a network says the same, and nothing hangs.
    await offline.getByRole('button', { name: 'Try again' }).click();
    await expect(offline).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);

    await goOnline(context);
    await expect(page.getByTestId('offline-state')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Order Status' })).toBeVisible();
    await expect(page.locator('.os-list, .dl-empty')).toBeVisible();
  });

  test('a listing page never opened, opened offline, offers Try again and shows the listing once online', async ({
    page,
    context,
    request,
  }) => {
    const all = (await (await request.get('/api/all')).json()) as ListingRow[];
    const listing = all[0]!;
    await page.goto('/');
    await waitForServiceWorker(page);

    await goOffline(context);
    await page.goto(`/productListing/${listing.listing_id}`);
    const offline = page.getByTestId('offline-state');
    await expect(offline).toBeVisible();
    await expect(offline.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);

    // Back online it loads by itself, as the note says.
    await goOnline(context);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('offline-state')).toHaveCount(0);
  });
});
