/**
 * Trust and safety as people use it: a buyer reports a listing, the moderator (ben, through
 * MODERATOR_EMAILS in playwright.config.ts) hides it from the desk and it leaves search; a
 * blocked buyer cannot message the seller; "Write a review" waits for a conversation; the
 * safety page is one click from a listing and from the footer.
 */
import { listItem, test, type Actor } from '../delivery-support';
import { expect, expectConsoleError, uniqueName } from '../fixtures';

async function searchFor(actor: Actor, title: string) {
  const { page } = actor;
  await page.goto('/');
  await page.getByPlaceholder('What do you want to buy?').fill(title);
  await page.getByPlaceholder('What do you want to buy?').press('Enter');
}

test('a buyer reports a listing, a moderator hides it, and it leaves search', async ({
  people,
  consoleErrors,
}) => {
  const seller = await people.student('seller');
  const buyer = await people.student('buyer');
  const title = uniqueName('Speaker ');
  const listingId = await listItem(seller, title);

  await test.step('the buyer reports the listing from its page', async () => {
    const { page } = buyer;
    await page.goto(`/productListing/${listingId}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Prohibited item' });
    await dialog.getByLabel('What happened? (optional)').fill('This is a stolen speaker');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'A moderator will look at it' }),
    ).toBeVisible();
    // Nothing else changed for the reporter.
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  const moderator = await people.demo('ben');
  await test.step('the moderator sees it on the desk and hides it', async () => {
    const { page } = moderator;
    await page.goto('/');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/moderation$/);
    const card = page.locator('.report-group').filter({ hasText: title });
    await expect(card).toContainText('1 report');
    await expect(card).toContainText('Prohibited item');
    await expect(card).toContainText('This is a stolen speaker');
    await expect(card).toContainText(`by ${buyer.user.username}`);
    await card.getByRole('button', { name: 'Hide listing' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please give a reason: the person reads it.');
    await card.getByLabel('Reason for your decision').fill('Stolen goods are not allowed');
    await card.getByRole('button', { name: 'Hide listing' }).click();
    await expect(card).toBeHidden();
    await expect(page.locator('.audit-list li').first()).toContainText(
      `ben hid listing ${title} — “Stolen goods are not allowed”`,
    );
  });

  await test.step('it leaves search, and its page is gone for the buyer', async () => {
    await searchFor(buyer, title);
    await expect(
      buyer.page.getByText('No items match your search.', { exact: false }),
    ).toBeVisible();
    await expect(buyer.page.getByRole('link', { name: title })).toHaveCount(0);
    await buyer.page.goto(`/productListing/${listingId}`);
    await expect(buyer.page.getByRole('heading', { name: 'No item Found' })).toBeVisible();
    await expectConsoleError(consoleErrors, /404/);
  });

  await test.step('its seller sees why', async () => {
    await seller.page.goto(`/productListing/${listingId}`);
    await expect(
      seller.page.getByText('Hidden by a moderator: Stolen goods are not allowed'),
    ).toBeVisible();
  });
});

test('a blocked buyer cannot message the seller, and the seller no longer sees them', async ({
  people,
  consoleErrors,
}) => {
  const seller = await people.student('calm');
  const pest = await people.student('pest');
  const first = await listItem(seller, uniqueName('Desk '));
  const second = await listItem(seller, uniqueName('Chair '));

  await test.step('the buyer writes once, then the seller blocks them from the chat', async () => {
    await pest.page.goto(`/productListing/${first}`);
    await pest.page.getByLabel('Message to the seller').fill('Hey, cheaper?');
    await pest.page.getByRole('button', { name: 'Send' }).click();
    await expect(pest.page.getByText('Message Sent to Seller')).toBeVisible();

    const { page } = seller;
    await page.goto('/chats');
    await page
      .getByRole('link', { name: new RegExp(pest.user.username) })
      .first()
      .click();
    await expect(
      page.getByRole('list', { name: 'Messages' }).getByText('Hey, cheaper?'),
    ).toBeVisible();
    await page.getByRole('button', { name: `Block ${pest.user.username}` }).click();
    // Their conversation leaves the seller's screens at once.
    await expect(page.getByText('No conversations yet.')).toBeVisible();
  });

  await test.step('the blocked buyer cannot message about another listing', async () => {
    const { page } = pest;
    await page.goto(`/productListing/${second}`);
    await page.getByLabel('Message to the seller').fill('Why no answer?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Could not send: You cannot message or ask this person for deliveries.',
    );
    await expectConsoleError(consoleErrors, /403/);
  });

  await test.step('the seller unblocks them from the profile', async () => {
    const { page } = seller;
    await page.goto('/RealUserProfile');
    const blocked = page.getByRole('region', { name: 'Blocked people' });
    await expect(blocked.getByRole('link', { name: pest.user.username })).toBeVisible();
    await blocked.getByRole('button', { name: `Unblock ${pest.user.username}` }).click();
    await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  });
});

test('"Write a review" shows once the buyer has talked with the seller', async ({ people }) => {
  const seller = await people.student('rated');
  const buyer = await people.student('rater');
  const listingId = await listItem(seller, uniqueName('Lamp '));
  const { page } = buyer;
  await page.goto(`/productListing/${listingId}`);
  await expect(
    page.getByText(/only after a conversation about one of their listings or a delivery/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await page.getByLabel('Message to the seller').fill('Is the bulb included?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message Sent to Seller')).toBeVisible();
  await page.getByRole('button', { name: 'Write a review' }).click();
  await expect(page.getByRole('dialog', { name: 'Rating Seller' })).toBeVisible();
});

test('the safety page is linked from a listing and from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Safety' }).click();
  await expect(page.getByRole('heading', { name: 'Meeting safely on campus' })).toBeVisible();
  await expect(page.getByText('Hensill Hall')).toBeVisible();
  await page.goto('/');
  await page.locator('a[href^="/productListing/"]').first().click();
  await page.getByRole('link', { name: 'Meeting safely on campus' }).click();
  await expect(page).toHaveURL(/\/safety$/);
});
