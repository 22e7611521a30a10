/**
 * No one-tap accidents, and nothing typed lost, in real Chromium against the real server: the
 * app's own dialogs ask before Decline, Mark as Sold and END SHIFT with a delivery under way
 * (cancelling changes nothing, on the server either), the vendor follows what they accepted,
 * and a visitor's message waits through signing in.
 */
import { listItem, listingOf, requestDelivery, test } from '../delivery-support';
import { newStudent } from '../lie-fi-support';
import { countConsoleErrors, DEMO_PASSWORD, expect, nextDialog, uniqueName } from '../fixtures';

test('Decline asks and Escape keeps the request; accepted, the vendor follows it to its courier, who is warned before END SHIFT', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const buyer = await people.student('buyer');
  const vendor = await people.demo('omar', { phone: true });
  const courier = await people.student('courier', {
    phone: true,
    courier: true,
  });
  const listing = await listingOf(buyer.page.request, 'omar', vendor);
  const note = `Blue door, ${uniqueName('n')}`;
  await requestDelivery(buyer, listing, 'Annex 1', note);

  const page = vendor.page;
  await page.goto('/vendorDeliveryRequest');
  const card = page.getByRole('article', { name: `${listing.title} for ${buyer.user.username}` });
  const decline = card.getByRole('button', { name: 'Decline' });
  await decline.click();
  const question = page.getByRole('alertdialog', { name: 'Decline this delivery request?' });
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription(/the buyer sees Denied/);
  // Giving something up: the safe answer has the focus; Escape is a no, and focus comes back.
  await expect(question.getByRole('button', { name: 'Keep request' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(decline).toBeFocused();
  // Kept on the server too.
  await page.reload();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Accept' }).click();
  const sheet = page.getByRole('dialog', { name: 'Accept Delivery' });
  await expect(sheet.getByText('Drop-off:').locator('..')).toHaveText('Drop-off: Annex 1');
  await expect(sheet.getByText('Buyer:').locator('..')).toHaveText(`Buyer: ${buyer.user.username}`);
  await sheet.getByLabel('Pickup Location').selectOption('Cafe 101');
  const accepted = nextDialog(page);
  await sheet.getByRole('button', { name: 'Confirm Delivery' }).click();
  expect(await accepted).toBe('Delivery accepted!');
  await expect(card).toBeHidden();

  const following = page
    .getByRole('region', { name: 'Accepted deliveries' })
    .getByRole('article', { name: listing.title });
  await expect(following.locator('.dl-status')).toHaveText('Unassigned');
  await expect(following.getByTestId('courier')).toHaveText(
    'Courier: waiting for a courier to take it',
  );
  await expect(following).toContainText('Drop off: Annex 1');

  // A courier takes it on shift.
  const shiftPage = courier.page;
  await shiftPage.goto('/CourierPage');
  await shiftPage.getByRole('button', { name: 'Available for Work' }).click();
  const endShift = shiftPage.getByRole('button', { name: 'END SHIFT' });
  await expect(endShift).toBeVisible();
  await shiftPage
    .getByRole('region', { name: /^Available/ })
    .getByRole('article')
    .filter({ hasText: note })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(shiftPage).toHaveURL(/\/courierNav\/\d+$/);

  // The vendor's page follows: the status and the courier's first name.
  await expect(async () => {
    await page.reload();
    await expect(following.locator('.dl-status')).toHaveText('Assigned', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(following.getByTestId('courier')).toHaveText('Courier: Test');

  // END SHIFT with that delivery in progress warns; staying changes nothing.
  await shiftPage.goto('/CourierPage');
  await expect(
    shiftPage.getByRole('region', { name: /^In Progress/ }).getByText(note),
  ).toBeVisible();
  await endShift.click();
  const warning = shiftPage.getByRole('alertdialog', {
    name: 'End your shift with deliveries in progress?',
  });
  await expect(warning).toHaveAccessibleDescription(
    'You still have 1 delivery in progress. They stay yours: finish it, or open it and use UNABLE TO DELIVER.',
  );
  expect(await nextDialog(shiftPage, false)).toBe('End your shift with deliveries in progress?');
  await expect(endShift).toBeVisible();
  await shiftPage.reload();
  await expect(endShift).toBeVisible();
  // Agreed: off shift, and the delivery stays the courier's.
  const ending = nextDialog(shiftPage, true);
  await endShift.click();
  expect(await ending).toBe('End your shift with deliveries in progress?');
  await expect(shiftPage.getByRole('button', { name: 'Available for Work' })).toBeVisible();
  await expect(
    shiftPage.getByRole('region', { name: /^In Progress/ }).getByText(note),
  ).toBeVisible();
});

test('Mark as Sold asks; cancelled, the listing stays active', async ({ people }) => {
  const seller = await people.student('seller', { phone: true });
  const title = `Oak bookshelf ${uniqueName('b')}`;
  await listItem(seller, title);
  const page = seller.page;
  await page.goto('/userListings');
  const row = page.locator('main li').filter({ hasText: title });
  const sold = row.getByRole('button', { name: `Mark as Sold: ${title}` });

  await sold.click();
  const question = page.getByRole('alertdialog', { name: 'Mark this listing as sold?' });
  await expect(question).toHaveAccessibleDescription(new RegExp(`“${title}” leaves your active`));
  expect(await nextDialog(page, false)).toBe('Mark this listing as sold?');
  await expect(sold).toBeFocused();
  await page.reload();
  await expect(row).toBeVisible();

  const asked = nextDialog(page, true);
  await sold.click();
  expect(await asked).toBe('Mark this listing as sold?');
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a visitor's typed message survives signing in and is sent from the listing", async ({
  browser,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  // An account made elsewhere (its own cookies); this browser is a visitor until the form.
  const { api, email } = await newStudent((o) => playwright.request.newContext(o), baseURL!);
  const listing = await listingOf(api, 'omar');
  await api.dispose();

  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  await page.goto(`/productListing/${listing.listing_id}`);
  const words = `Is the ${listing.title} still there? ${uniqueName('m')}`;
  await page.getByPlaceholder('Type a message').fill(words);
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Sign in to send your message to the seller. It is kept: you find it in the message box when you come back.',
    ),
  ).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const welcome = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await welcome).toBe('Logged in!');

  await expect(page).toHaveURL(new RegExp(`/productListing/${listing.listing_id}$`));
  const box = page.getByPlaceholder('Type a message');
  await expect(box).toHaveValue(words);
  // It survives a reload too (the tab keeps it until it is sent).
  await page.reload();
  await expect(box).toHaveValue(words);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message Sent to Seller')).toBeVisible();

  await page.goto('/chats');
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(listing.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(words);
  await context.close();
});
