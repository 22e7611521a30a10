import { expect } from '../fixtures';
import {
  goOffline,
  goOnline,
  savedCaches,
  test,
  waitForSaved,
  waitForServiceWorker,
} from '../offline-helpers';

test.describe('reading offline from the saved cache', () => {
  test("the buyer's order status reloads offline, with when it was last updated", async ({
    page,
    signIn,
    context,
    tomsDelivery,
  }) => {
    const { title, buyerEmail } = tomsDelivery;
    await signIn(buyerEmail);
    await page.goto('/OrderStatus');
    await waitForServiceWorker(page);
    const order = page.getByRole('link', { name: title });
    await expect(order).toContainText('Status: Assigned');
    await waitForSaved(page, ['delivery-requests']);
    await waitForSaved(page, ['deliveries']);

    await goOffline(context);
    await page.reload();
    await expect(order).toContainText('Status: Assigned');
    await expect(page.getByTestId('offline-banner')).toContainText(/Offline — last updated \d/);
    await goOnline(context);
  });

  test('the courier dashboard reloads offline and shows changes waiting to sync', async ({
    page,
    signIn,
    context,
    tomsDelivery,
  }) => {
    const { deliveryId, title } = tomsDelivery;
    await signIn('tom');
    await page.goto('/CourierPage');
    await waitForServiceWorker(page);
    const card = page
      .getByRole('region', { name: 'In Progress' })
      .getByRole('article', { name: title })
      .filter({ hasText: 'Cafe 101' })
      .first();
    await expect(card).toContainText('Assigned');
    // The dashboard's lists must be in the saved cache before the page is left by a full load.
    const tomId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).user_id);
    await waitForSaved(page, ['deliveries', 'courier', tomId]);
    await page.goto(`/courierNav/${deliveryId}`);
    await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
    await waitForSaved(page, ['deliveries', 'detail', deliveryId]);

    await goOffline(context);
    await page.getByRole('button', { name: 'PICKED UP' }).click();
    await page.goto('/CourierPage');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'In Progress' }).getByText('Picked Up').first(),
    ).toBeVisible();
    await expect(page.getByTestId('pending-updates')).toHaveText('1 update waiting to sync');

    await goOnline(context);
    await expect(page.getByTestId('outbox-synced')).toBeVisible();
  });

  test("sign-out forgets the user's saved data: the next user on the phone sees none of it", async ({
    page,
    signIn,
    tomsDelivery,
  }) => {
    const { title, buyerEmail } = tomsDelivery;
    await signIn(buyerEmail);
    await page.goto('/OrderStatus');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await waitForSaved(page, ['delivery-requests']);
    const userCache = /^query-cache:\d+$/;
    expect((await savedCaches(page)).filter((name) => userCache.test(name))).toHaveLength(1);

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
    await expect
      .poll(async () => (await savedCaches(page)).filter((name) => userCache.test(name)))
      .toEqual([]);

    await signIn('tom');
    await page.goto('/OrderStatus');
    await expect(page.getByRole('heading', { name: 'Order Status' })).toBeVisible();
    await expect(page.getByText(/No orders yet|Status:/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  });
});
