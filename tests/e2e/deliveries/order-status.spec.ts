import { expect, uniqueName } from '../fixtures';
import { acceptRequest, listingOf, test, type Actor } from '../delivery-support';
import { DEFAULT_CAMPUS_TIME_ZONE } from '../../../src/shared/campus-time.js';

/** Today as the app writes it: M/D/YYYY on campus (CAMPUS_TIME_ZONE), not in this machine's zone. */
const usDate = (d = new Date()) =>
  new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_CAMPUS_TIME_ZONE }).format(d);

/** The courier's move through the API: the buyer's screen is what is under test. */
async function move(courier: Actor, deliveryId: number, data: object) {
  const res = await courier.page.request.put(`/api/delivery_instruction/${deliveryId}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a buyer requests delivery on a phone, follows the confirmation to Order Status and reads where the order stands', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const buyer = await people.student('buyer', { phone: true });
  const vendor = await people.demo('ben');
  const courier = await people.student('courier', { courier: true });
  const listing = await listingOf(buyer.page.request, 'ben', vendor);
  const note = `By the stairs, ${uniqueName('n')}`;
  const page = buyer.page;
  const order = page.getByRole('link').filter({ hasText: note });

  await test.step('the request is confirmed with a link to Order Status', async () => {
    await page.goto(`/productListing/${listing.listing_id}`);
    await page.getByRole('button', { name: 'Get Item Delivered' }).click();
    await page.getByLabel('Dropoff Location').selectOption('Library');
    await page.getByLabel('Special Request for Courier').fill(note);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery requested' })).toHaveText(
      /Delivery requested: the seller will accept or decline it\./,
    );
    await page.getByRole('link', { name: 'Follow it on Order Status' }).click();
    await expect(page).toHaveURL(/\/OrderStatus$/);
    await expect(page.getByRole('heading', { name: 'Order Status' })).toBeVisible();
    await expect(order).toContainText(listing.title);
    await expect(order).toContainText(`Ordered: ${usDate()}`);
    await expect(order).toContainText('Status: Pending');
    await expect(order).toContainText('Waiting for the seller to accept or decline your request.');
  });

  await test.step('the account menu leads back to Order Status', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page
      .getByRole('list', { name: 'Account' })
      .getByRole('link', { name: 'Order Status' })
      .click();
    await expect(page.getByRole('heading', { name: 'Order Status' })).toBeVisible();
    await expect(order).toContainText('Status: Pending');
  });

  const requests = await page.request.get('/api/delivery_request');
  const requestId = (
    (await requests.json()) as { delivery_request_id: number; buyer_special_request: string }[]
  ).find((r) => r.buyer_special_request === note)!.delivery_request_id;
  const deliveryId = await acceptRequest(vendor, requestId, 'Cafe 101');

  await test.step('the card follows the order without a reload, courier by first name', async () => {
    await expect(order).toContainText('Status: Unassigned');
    await expect(order).toContainText('Waiting for a courier to take it.');
    await move(courier, deliveryId, {
      courier_id: courier.user.user_id,
      delivery_status: 'Assigned',
    });
    await expect(order).toContainText('Status: Assigned');
    await expect(order).toContainText('Courier: Test');
    await expect(order).toContainText('Test is on the way to pick it up.');
    await move(courier, deliveryId, { courier_id: null, delivery_status: 'Unassigned' });
    await expect(order).toContainText('looking for a new courier');
    await expect(order).not.toContainText('Courier:');
  });
});
