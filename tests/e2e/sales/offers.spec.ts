/**
 * Offers and holds as two buyers and a seller meet them (issue 46, docs/sales-states.md): an
 * offer on the product page, the seller's counter in the conversation, the buyer's acceptance
 * holding the item, another buyer finding it on hold, an offer written offline sent once, and
 * Mark as Sold naming the buyer.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { LISTING_ON_HOLD_MESSAGE } from '../../../src/shared/sales.js';
import { conversationKey } from '../../../src/shared/screens.js';
import { listItem, test } from '../delivery-support';
import { expect, nextDialog, signInWithForm, uniqueName } from '../fixtures';
import { newStudent } from '../lie-fi-support';
import { goOffline, goOnline, waitForSaved, waitForServiceWorker } from '../offline-helpers';
import { checkedPhone, expectAccessible } from './sales-support';

interface OfferRow {
  offer_id: number;
  buyer_id: number;
  amount: number;
  status: string;
}

/** The listing's offers as its seller reads them. */
async function offersOf(api: APIRequestContext, listingId: number): Promise<OfferRow[]> {
  const res = await api.get(`/api/offers?listing_id=${listingId}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as OfferRow[];
}

/** Makes an offer in the product page's dialog: amount in dollars, and a note. */
async function makeOffer(page: Page, amount: string, note?: string) {
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByLabel('Amount (in dollars)').fill(amount);
  if (note) await dialog.getByLabel('Note to the seller (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog).toHaveCount(0);
}

test('an offer, a counter in the conversation and an acceptance hold the item; another buyer finds it on hold; Mark as Sold names the buyer', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const options = { phone: true };
  const seller = await people.student('seller', options);
  const buyer = await people.student('buyer', options);
  const other = await people.student('other', options);
  const word = uniqueName('walnut');
  const title = `Desk ${word}`;
  const listingId = await listItem(seller, title);
  const buyerOffer = buyer.page.getByRole('article', { name: 'Your offer' });

  await test.step('the buyer writes to the seller and offers $30 on the product page', async () => {
    const page = buyer.page;
    await page.goto(`/productListing/${listingId}`);
    await page.getByPlaceholder('Type a message').fill('Is the desk still there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message Sent to Seller')).toBeVisible();
    await makeOffer(page, '30', 'I can pick it up today');
    await expect(buyerOffer).toContainText('Your offer: $30.00');
    await expect(buyerOffer).toContainText('Pending');
    await expect(buyerOffer.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  });

  await test.step('the seller counters $35 in the conversation', async () => {
    const page = seller.page;
    await page.goto(`/Chats?c=${conversationKey(listingId, buyer.user.user_id)}`);
    const card = page.getByRole('article', { name: `Offer from ${buyer.user.username}` });
    await expect(card).toContainText(`${buyer.user.username} offers $30.00`);
    await expect(card).toContainText('“I can pick it up today”');
    await card.getByRole('button', { name: 'Counter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Counter' });
    await dialog.getByLabel('Amount (in dollars)').fill('35');
    await dialog.getByRole('button', { name: 'Send counter' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText('You countered with $35.00');
    await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  });

  await test.step('the buyer sees the counter arrive and accepts it: on hold for them', async () => {
    const page = buyer.page;
    // Live: the page open since the offer shows the counter without a reload.
    await expect(buyerOffer).toContainText('The seller countered with $35.00');
    const asked = nextDialog(page, true);
    await buyerOffer.getByRole('button', { name: 'Accept' }).click();
    expect(await asked).toBe("Accept the seller's counter?");
    await expect(page.getByText(/^On hold for you until /)).toBeVisible();
    await expect(page.getByText('agreed price $35.00')).toBeVisible();
    await expect(page.locator('.product-price')).toContainText('On hold for you');
    // The holder may still ask for delivery (at the agreed price).
    await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toBeVisible();
  });

  await test.step("the seller's conversation shows the hold with Release and Extend", async () => {
    const page = seller.page;
    await expect(page.getByText(`On hold for ${buyer.user.username} until`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Release' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Extend 48 hours' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Hold for / })).toHaveCount(0);
  });

  await test.step('another buyer finds it on hold, on its page and in search', async () => {
    const page = other.page;
    await page.goto(`/productListing/${listingId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.product-price .badge-hold')).toHaveText('On hold');
    // Both the delivery box and the offer box give way to the same line.
    await expect(page.getByText(LISTING_ON_HOLD_MESSAGE)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);

    await page.goto(`/?search=1&title=${word}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.locator('.badge-hold')).toHaveText('On hold');
  });

  await test.step('the seller marks it sold, naming the buyer', async () => {
    const page = seller.page;
    await page.goto('/userListings');
    const row = page.locator('main li').filter({ hasText: title });
    await row.getByRole('button', { name: `Mark as Sold: ${title}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Mark this listing as sold?' });
    const who = question.getByRole('group', { name: 'Who bought it?' });
    // The people who wrote or offered, the one it is on hold for picked first.
    await expect(who.getByRole('radio', { name: buyer.user.username })).toBeChecked();
    await expect(who.getByRole('radio', { name: 'Someone else' })).not.toBeChecked();
    await question.getByRole('button', { name: 'Mark as Sold' }).click();
    await expect(question).toHaveCount(0);
    await expect(row).toHaveCount(0);

    const purchases = await buyer.page.request.get('/api/purchases');
    const bought = (
      (await purchases.json()) as { listing_id: number; agreed_price: number }[]
    ).find((s) => s.listing_id === listingId);
    expect(bought?.agreed_price).toBe(35);
  });
});

test('an offer written offline shows as waiting, survives a reload, and reaches the seller once', async ({
  people,
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await people.student('seller');
  const listingId = await listItem(seller, `Lamp ${uniqueName('l')}`);
  const buyer = await newStudent((o) => playwright.request.newContext(o), baseURL!);

  await signInWithForm(page, buyer.email);
  await page.goto(`/productListing/${listingId}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await waitForSaved(page, ['listings', 'detail', listingId]);
  await waitForSaved(page, ['offers', 'listing', listingId]);

  await goOffline(context);
  await makeOffer(page, '25');
  const waiting = page.getByTestId('sale-waiting');
  await expect(waiting).toHaveText('Waiting to send: your offer of $25.00');
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);

  // Still offline: a reload (and the app's restart) keeps it waiting, and nothing has gone.
  await page.reload();
  await expect(page.getByTestId('sale-waiting')).toHaveText(
    'Waiting to send: your offer of $25.00',
  );
  expect(await offersOf(seller.page.request, listingId)).toHaveLength(0);

  await goOnline(context);
  const card = page.getByRole('article', { name: 'Your offer' });
  await expect(card).toContainText('Your offer: $25.00', { timeout: 30_000 });
  await expect(card).toContainText('Pending');
  await expect(page.getByTestId('sale-waiting')).toHaveCount(0);

  await expect.poll(async () => (await offersOf(seller.page.request, listingId)).length).toBe(1);
  await seller.page.goto(`/productListing/${listingId}`);
  const offers = seller.page.getByRole('list', { name: 'Offers waiting for your answer' });
  await expect(offers.getByRole('article')).toHaveCount(1);
  await expect(offers).toContainText('offers $25.00');
  expect(await offersOf(seller.page.request, listingId)).toHaveLength(1);
  await buyer.api.dispose();
});

test('the offer screens pass axe and keep 24 px targets, for the buyer and the seller', async ({
  people,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const options = { phone: true };
  const seller = await people.student('seller', options);
  const buyer = await people.student('buyer', options);
  const title = `Chair ${uniqueName('c')}`;
  const listingId = await listItem(seller, title);
  const written = await buyer.page.request.post('/api/direct_message', {
    data: {
      sender_id: buyer.user.user_id,
      receiver_id: seller.user.user_id,
      listing_id: listingId,
      content: 'Does it fold?',
    },
  });
  expect(written.ok(), await written.text()).toBe(true);

  const buyerPage = await checkedPhone(browser, baseURL!, buyer, consoleErrors);
  await buyerPage.goto(`/productListing/${listingId}`);
  await expect(buyerPage.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await expectAccessible(buyerPage, 'buyer: product page with its offer box');
  await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
  await expect(buyerPage.getByRole('dialog', { name: 'Make an offer' })).toBeVisible();
  await expectAccessible(buyerPage, 'buyer: the offer form');
  await buyerPage.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyerPage.getByRole('alert')).toContainText('the amount you offer');
  await expectAccessible(buyerPage, 'buyer: the offer form with its problem');
  await buyerPage.getByLabel('Amount (in dollars)').fill('20');
  await buyerPage.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyerPage.getByRole('article', { name: 'Your offer' })).toContainText('Pending');
  await expectAccessible(buyerPage, 'buyer: a pending offer');

  const sellerPage = await checkedPhone(browser, baseURL!, seller, consoleErrors);
  await sellerPage.goto(`/productListing/${listingId}`);
  await expect(
    sellerPage.getByRole('list', { name: 'Offers waiting for your answer' }),
  ).toBeVisible();
  await expectAccessible(sellerPage, "seller: the product page's offers");
  await sellerPage.goto(`/Chats?c=${conversationKey(listingId, buyer.user.user_id)}`);
  const card = sellerPage.getByRole('article', { name: `Offer from ${buyer.user.username}` });
  await expect(card).toBeVisible();
  await expectAccessible(sellerPage, 'seller: the conversation with its offer');
  await card.getByRole('button', { name: 'Counter' }).click();
  const counter = sellerPage.getByRole('dialog', { name: 'Counter' });
  await expect(counter).toBeVisible();
  await expectAccessible(sellerPage, 'seller: the counter form');
  await sellerPage.keyboard.press('Escape');
  await expect(counter).toHaveCount(0);
  const accepted = nextDialog(sellerPage, true);
  await card.getByRole('button', { name: 'Accept' }).click();
  expect(await accepted).toBe('Accept this offer?');
  await expect(sellerPage.getByRole('button', { name: 'Release' })).toBeVisible();
  await expectAccessible(sellerPage, 'seller: the conversation with the hold');
  await sellerPage.goto('/userListings');
  await sellerPage.getByRole('button', { name: `Mark as Sold: ${title}` }).click();
  await expect(sellerPage.getByRole('radio', { name: buyer.user.username })).toBeChecked();
  await expectAccessible(sellerPage, 'seller: who bought it');

  await buyerPage.goto(`/productListing/${listingId}`);
  await expect(buyerPage.getByText(/^On hold for you until /)).toBeVisible();
  await expectAccessible(buyerPage, 'buyer: on hold for them');

  for (const page of [buyerPage, sellerPage]) await page.context().close();
});
