import { countConsoleErrors, expect, nextDialog, uniqueName } from '../fixtures';
import { listingOf, requestDelivery, test } from '../delivery-support';

test('a vendor declines a request: the card goes and the buyer sees Denied', async ({ people }) => {
  const buyer = await people.student('buyer');
  const vendor = await people.demo('omar', { phone: true });
  const listing = await listingOf(buyer.page.request, 'omar');
  const note = `No rush, ${uniqueName('n')}`;
  await requestDelivery(buyer, listing, 'Annex 1', note);

  const page = vendor.page;
  await page.goto('/vendorDeliveryRequest');
  const card = page.getByRole('article', { name: `${listing.title} for ${buyer.user.username}` });
  await expect(card).toBeVisible();
  // Asked first; kept, the request stays.
  let question = nextDialog(page, false);
  await card.getByRole('button', { name: 'Decline' }).click();
  expect(await question).toBe('Decline this delivery request?');
  await expect(card).toBeVisible();
  question = nextDialog(page, true);
  await card.getByRole('button', { name: 'Decline' }).click();
  expect(await question).toBe('Decline this delivery request?');
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Delivery Requests' })).toBeVisible();
  await expect(card).toHaveCount(0);

  await buyer.page.goto('/OrderStatus');
  const order = buyer.page.getByRole('link').filter({ hasText: note });
  await expect(order).toContainText('Status: Denied');
  await order.click();
  await expect(buyer.page).toHaveURL(new RegExp(`/productListing/${listing.listing_id}$`));
});

test('empty and signed-out states of the delivery screens', async ({
  people,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const student = await people.student('fresh', { phone: true });
  const page = student.page;

  await page.goto('/vendorDeliveryRequest');
  await expect(
    page.getByText('No more delivery requests at this time. Please check again later.'),
  ).toBeVisible();
  await page.getByRole('button', { name: '← Back to Profile' }).click();
  await expect(page).toHaveURL(/\/RealUserProfile$/);

  await page.goto('/OrderStatus');
  await expect(page.getByText('No orders yet.')).toBeVisible();

  // Not a courier yet: the dashboard explains and points at Become a Courier.
  await page.goto('/CourierPage');
  await expect(page.getByText(/Only couriers can deliver orders/)).toBeVisible();
  await page.getByRole('link', { name: 'Become a Courier on your profile' }).click();
  await expect(page).toHaveURL(/\/RealUserProfile$/);
  await student.context.close();

  // Nobody signed in: to /login.
  for (const path of ['/vendorDeliveryRequest', '/courierNav/1', '/OrderStatus', '/CourierPage']) {
    const visitor = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const visitorPage = await visitor.newPage();
    countConsoleErrors(visitorPage, consoleErrors);
    await visitorPage.goto(path);
    await expect(visitorPage).toHaveURL(/\/login$/);
    await visitor.close();
  }
});
