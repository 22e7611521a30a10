import {
  expect,
  expectConsoleError,
  nextDialog,
  signInWithForm,
  test,
  uniqueName,
} from '../fixtures';
import { makePng } from '../../fixtures/png';
import { openBrowser } from '../storefront-support';
import { DEFAULT_CAMPUS_TIME_ZONE } from '../../../src/shared/campus-time.js';

/** Today as the app writes it: M/D/YYYY on campus (CAMPUS_TIME_ZONE), not in this machine's zone. */
const usDate = (d = new Date()) =>
  new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_CAMPUS_TIME_ZONE }).format(d);

test('a new student registers and sells; another student messages, asks for delivery and reviews; the seller replies, marks sold and deletes', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const seller = await openBrowser(browser, baseURL!, consoleErrors);
  const buyer = await openBrowser(browser, baseURL!, consoleErrors, true);
  const username = uniqueName('seller');
  const title = `Desk lamp ${uniqueName('')}`;
  let listingUrl = '';
  let relistUrl = '';

  await test.step('the seller registers, meeting each rule of the form', async () => {
    const page = seller.page;
    await page.goto('/register');
    await expect(page.getByRole('search')).toHaveCount(0);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Seller');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('SFSU Email').fill(`${username}@sfsu.edu`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByLabel('Confirm Password').fill('another-password');
    let alert = nextDialog(page);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await alert).toBe("Passwords don't match");

    await page.getByLabel('Confirm Password').fill('a-long-password');
    alert = nextDialog(page);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await alert).toBe('You must agree to the Terms of Service and User Agreement');

    await page.getByRole('checkbox').check();
    alert = nextDialog(page);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await alert).toBe('Registered successfully!');
    await expect(page).toHaveURL(/\/RealUserProfile$/);
    await expect(page.getByRole('heading', { name: 'Sam Seller' })).toBeVisible();
    await expect(page.getByText('Sold Items').locator('..')).toContainText('0');
    await expect(page.getByText('Rating', { exact: true }).locator('..')).toContainText('1');
  });

  await test.step('…confirms the campus e-mail with the code read from /mailbox', async () => {
    const page = seller.page;
    const banner = page.getByRole('region', { name: 'Confirm your campus e-mail' });
    await expect(banner).toContainText(`${username}@sfsu.edu`);
    // The server has no SMTP_URL: its mail waits in the built-in mailbox of this machine.
    const inbox = await seller.context.newPage();
    await inbox.goto('/mailbox');
    await inbox
      .getByRole('row', { name: new RegExp(`${username}@sfsu.edu`) })
      .getByRole('link', { name: 'Confirm your campus e-mail for Gator Market' })
      .click();
    const text = await inbox.locator('pre').innerText();
    const code = /^\s*([0-9]{6})\s*$/m.exec(text)![1]!;
    await inbox.close();
    await banner.getByLabel('Code from the e-mail').fill(code);
    await banner.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your campus e-mail is verified.')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  await test.step('…and lists a new product with a photo', async () => {
    const page = seller.page;
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /New Product/ }).click();
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please upload an image.');
    await dialog
      .getByLabel('Image')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: makePng() });
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Warm light, adjustable arm.');
    await dialog.getByLabel('Price ($)').fill('twelve');
    await dialog.getByLabel('Category').selectOption('Furniture');
    await dialog.getByLabel('Condition').selectOption('Used - Like New');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please enter a valid numeric value for the price.',
    );
    await dialog.getByLabel('Price ($)').fill('12.50');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Listing created!');
    await dialog.getByRole('link', { name: 'View listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    listingUrl = new URL(page.url()).pathname;
    const photo = page.getByRole('img', { name: title });
    await expect(photo).toHaveAttribute('src', /^\/uploads\/[0-9a-f]+\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    // The owner sees no message, delivery or review controls.
    await expect(page.getByText(/This is your listing/)).toBeVisible();
    await expect(page.getByPlaceholder('Type a message')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  });

  await test.step('…and lists the same product again as an existing product', async () => {
    const page = seller.page;
    await page.goto('/RealUserProfile');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Existing Product/ }).click();
    await dialog.getByLabel('Product').selectOption({ label: title });
    await dialog.getByLabel('Price ($)').fill('9');
    await dialog.getByLabel('Condition').selectOption('Used - Good');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Listing created!');
    await dialog.getByRole('link', { name: 'View listing' }).click();
    await expect(page.getByText('$9.00')).toBeVisible();
    relistUrl = new URL(page.url()).pathname;
    expect(relistUrl).not.toBe(listingUrl);
  });

  await test.step('a buyer finds it by searching and messages the seller', async () => {
    const page = buyer.page;
    await signInWithForm(page, 'maria');
    await page.getByPlaceholder('What do you want to buy?').fill(title);
    await page.getByPlaceholder('What do you want to buy?').press('Enter');
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto(listingUrl);
    const input = page.getByPlaceholder('Type a message');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(input).toBeVisible();
    await input.fill('Hi! Is the lamp still available?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message Sent to Seller')).toBeVisible();
    await page.getByRole('link', { name: 'See Conversations' }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole('list', { name: 'Conversations' })).toContainText(title);
  });

  await test.step('…asks for delivery', async () => {
    const page = buyer.page;
    await page.goto(listingUrl);
    await page.getByRole('button', { name: 'Get Item Delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Item Delivered' });
    await expect(dialog).toContainText(title);
    await expect(dialog.getByLabel('Special Request for Courier')).toHaveAttribute('rows', '7');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please choose a dropoff location.');
    await dialog.getByLabel('Dropoff Location').selectOption('Library');
    await dialog.getByLabel('Special Request for Courier').fill('Front desk, please.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
  });

  await test.step('…and reviews the seller once', async () => {
    const page = buyer.page;
    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rating Seller' });
    await expect(dialog.getByLabel('Comment')).toHaveAttribute('rows', '3');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please choose a rating from 1 to 5.');
    await dialog.getByLabel('Rating').selectOption('4');
    await dialog.getByLabel('Comment').fill('Friendly and quick to answer.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    const review = page.locator('.review').first();
    await expect(review).toContainText('Friendly and quick to answer.');
    await expect(review).toContainText('Reviwer: maria');
    await expect(review).toContainText(usDate());
    await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    // The seller's rating follows the review.
    await expect(page.locator('.seller-head').getByRole('img')).toHaveAttribute(
      'aria-label',
      '4 out of 5 stars',
    );
  });

  await test.step('the seller sees the unread message and replies', async () => {
    const page = seller.page;
    await page.goto('/Chats');
    const conversations = page.getByRole('list', { name: 'Conversations' });
    const conversation = conversations.getByRole('link', { name: new RegExp(title) });
    await expect(conversation).toContainText('1 unread');
    await conversation.click();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread).toContainText('Hi! Is the lamp still available?');
    await expect(conversation).not.toContainText('unread');
    await page.getByPlaceholder('Type a message').fill('Yes! It is yours if you want it.');
    await page.getByPlaceholder('Type a message').press('Enter');
    await expect(thread).toContainText('Yes! It is yours if you want it.');
    await page.reload();
    await expect(conversation).not.toContainText('unread');
  });

  await test.step('the buyer reads the reply on the phone', async () => {
    const page = buyer.page;
    await page.goto('/chats');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(title) })
      .click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
      'Yes! It is yours if you want it.',
    );
    await page.getByRole('link', { name: /Conversations/ }).click();
    await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  });

  await test.step('the seller marks the first listing sold and deletes the second', async () => {
    const page = seller.page;
    await page.goto('/userListings');
    const rows = page.locator('main li');
    await expect(rows).toHaveCount(2);
    const original = rows.filter({ hasText: '$12.50' });
    const relisted = rows.filter({ hasText: '$9.00' });
    let confirm = nextDialog(page, true);
    await original.getByRole('button', { name: /Mark as Sold/ }).click();
    expect(await confirm).toBe('Mark this listing as sold?');
    await expect(rows).toHaveCount(1);
    await expect(relisted).toHaveCount(1);

    confirm = nextDialog(page, false);
    await relisted.getByRole('button', { name: /Delete/ }).click();
    expect(await confirm).toBe('Delete this listing? This cannot be undone.');
    await expect(rows).toHaveCount(1);
    confirm = nextDialog(page, true);
    await relisted.getByRole('button', { name: /Delete/ }).click();
    await confirm;
    await expect(page.getByText(/You have no active listings/)).toBeVisible();

    await page.goto('/RealUserProfile');
    await expect(page.getByText('Sold Items').locator('..')).toContainText('1');
    await expect(page.getByText('Rating', { exact: true }).locator('..')).toContainText('4');
  });

  await test.step('the buyer sees the sold listing without a delivery offer, and the deleted one gone', async () => {
    const page = buyer.page;
    await page.goto(relistUrl);
    await expect(page.getByRole('heading', { name: 'No item Found' })).toBeVisible();
    // Asked once, and again whenever news of the seller's listings arrives: each time a 404.
    const gone = new RegExp(`404 \\(Not Found\\) \\S+/api/listing/${relistUrl.split('/').at(-1)}$`);
    await expectConsoleError(consoleErrors, gone);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !gone.test(e)));
    await page.goto(listingUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Sold', { exact: true })).toBeVisible();
    await expect(page.getByText('This item is no longer available.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Item Delivered' })).toHaveCount(0);
    // Sold items leave the search results.
    await page.getByPlaceholder('What do you want to buy?').fill(title);
    await page.getByPlaceholder('What do you want to buy?').press('Enter');
    await expect(page.getByText(/No items match your search/)).toBeVisible();
  });

  await test.step('the seller becomes a courier and signs out', async () => {
    const page = seller.page;
    await page.goto('/RealUserProfile');
    await page.getByRole('button', { name: 'Become a Courier' }).click();
    await expect(page.getByRole('link', { name: /Courier Dashboard/ })).toBeVisible();
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('link', { name: 'Courier', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/RealUserProfile');
    await expect(page).toHaveURL(/\/login$/);
  });

  await seller.context.close();
  await buyer.context.close();
});
