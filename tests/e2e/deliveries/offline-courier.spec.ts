import { OUTBOX } from '../../../src/shared/outbox-names.js';
import { DEMO_PASSWORD, demoEmail, expect, nextDialog } from '../fixtures';
import {
  cachedPaths,
  events,
  goOffline,
  goOnline,
  openTomsDelivery,
  statusesOf,
  test,
} from '../offline-helpers';

test.describe('courier updates without a network', () => {
  test('PICKED UP then FINISH DROP OFF offline show at once, survive a reload and reach the server in order', async ({
    page,
    context,
    tomsDelivery,
  }) => {
    const { deliveryId, tom } = tomsDelivery;
    await openTomsDelivery(page, deliveryId);

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
    // The map's tiles came from the worker's capped tile cache.
    await expect.poll(async () => (await cachedPaths(page, 'map-tiles')).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'PICKED UP' }).click();
    await expect(page.getByRole('button', { name: 'FINISH DROP OFF' })).toBeEnabled();
    await expect(page.getByTestId('pending-updates')).toHaveText('1 update waiting to sync');
    // Also beside the buttons, where the courier is looking.
    await expect(page.getByTestId('nav-pending-updates')).toHaveText('1 update waiting to sync');
    await page.getByRole('button', { name: 'FINISH DROP OFF' }).click();
    await expect(page.getByText('Delivered. Thank you!')).toBeVisible();
    await expect(page.getByTestId('pending-updates')).toHaveText('2 updates waiting to sync');

    await page.reload();
    await expect(page.getByText('Delivered. Thank you!')).toBeVisible();
    await expect(page.getByTestId('pending-updates')).toHaveText('2 updates waiting to sync');
    expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned']);

    const backOnline = Date.now();
    await goOnline(context);
    await expect(page.getByTestId('outbox-synced')).toBeVisible();
    await expect(page.getByTestId('pending-updates')).toHaveCount(0);

    const history = await events(tom.api, deliveryId);
    expect(history.map((e) => e.delivery_status)).toEqual(['Assigned', 'Picked Up', 'Delivered']);
    const [, pickedUp, delivered] = history;
    // The device times are when the buttons were pressed, before the network came back.
    expect(Date.parse(pickedUp!.device_at!)).toBeLessThan(Date.parse(delivered!.device_at!));
    expect(Date.parse(delivered!.device_at!)).toBeLessThan(backOnline);
    await expect(page.getByText('Delivered. Thank you!')).toBeVisible();
  });

  test('a replay after the session expired waits for sign-in, then lands', async ({
    page,
    context,
    tomsDelivery,
    consoleErrors,
  }) => {
    const { deliveryId, tom } = tomsDelivery;
    await openTomsDelivery(page, deliveryId);

    await goOffline(context);
    await page.getByRole('button', { name: 'PICKED UP' }).click();
    await expect(page.getByTestId('pending-updates')).toHaveText('1 update waiting to sync');

    // The server forgets the session while the phone is offline.
    await context.clearCookies();
    await goOnline(context);
    await expect(page.getByTestId('outbox-notice')).toContainText('Sign in to sync');
    expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned']);

    await page.getByTestId('outbox-notice').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(demoEmail('tom'));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    const welcome = nextDialog(page);
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await welcome).toBe('Logged in!');

    await expect(page.getByTestId('outbox-synced')).toBeVisible();
    expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned', 'Picked Up']);

    // The browser logs each 401 answer of the expired session; that is this test's premise.
    // Every other console error still fails it.
    const expired =
      /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\) /;
    expect(consoleErrors.some((e) => expired.test(e))).toBe(true);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expired.test(e)));
  });

  test('UNABLE TO DELIVER offline: asked first, waits in the outbox, given up when back online', async ({
    page,
    context,
    tomsDelivery,
  }) => {
    const { deliveryId, tom } = tomsDelivery;
    await openTomsDelivery(page, deliveryId);
    await goOffline(context);

    const question = nextDialog(page);
    await page.getByRole('button', { name: 'UNABLE TO DELIVER' }).click();
    expect(await question).toBe("Are you sure you can't deliver this item?");
    await expect(page).toHaveURL(/\/courierPage$/);
    // Only that question: nothing else is said while the give-up waits.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByTestId('pending-updates')).toHaveText('1 update waiting to sync');
    expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned']);

    await goOnline(context);
    await expect(page.getByTestId('outbox-synced')).toBeVisible();
    await expect(page.getByTestId('pending-updates')).toHaveCount(0);
    expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned', 'Unassigned']);
    // Queued, not confirmed on the spot: no "marked as unassigned" alert pops up afterwards.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('with the app closed, the service worker replays through Background Sync', async ({
    page,
    context,
    tomsDelivery,
  }) => {
    const { deliveryId, tom } = tomsDelivery;
    await openTomsDelivery(page, deliveryId);
    await goOffline(context);
    await page.getByRole('button', { name: 'PICKED UP' }).click();
    await expect(page.getByTestId('pending-updates')).toHaveText('1 update waiting to sync');
    // The page asks for the sync just after it shows the update waiting: let it finish asking.
    await expect
      .poll(() =>
        page.evaluate(async (tag) => {
          const registration = (await navigator.serviceWorker
            .ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> };
          };
          return (await registration.sync.getTags()).includes(tag);
        }, OUTBOX.syncTag),
      )
      .toBe(true);
    await page.close();

    // No page is open: only the worker can send it.
    await goOnline(context);
    await expect.poll(() => statusesOf(tom.api, deliveryId)).toEqual(['Assigned', 'Picked Up']);
  });
});
