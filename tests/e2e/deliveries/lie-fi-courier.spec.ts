/**
 * A courier on campus Wi-Fi that lies: a tap on PICKED UP, FINISH DROP OFF or UNABLE TO DELIVER
 * changes the screen at once, is queued ("waiting to sync") long before any request deadline,
 * leaves the buttons usable, and reaches the server exactly once when the network works again.
 */
import type { Page } from '@playwright/test';
import { WRITE_DEADLINE_MS } from '../../../src/shared/deadlines.js';
import { nextDialog } from '../fixtures';
import { expect, forgetNetworkErrors, test } from '../lie-fi-support';
import { openTomsDelivery, statusesOf } from '../offline-helpers';

/** Queued well before a write could even time out. */
const QUEUED_WITHIN = { timeout: WRITE_DEADLINE_MS / 2 };

const step = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Delivery progress' }).getByText(name);

test('PICKED UP and FINISH DROP OFF in a stall: at once on screen, queued, then sent once', async ({
  page,
  wifi,
  tomsDelivery,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { deliveryId, tom } = tomsDelivery;
  await openTomsDelivery(page, deliveryId);

  wifi.stall();
  await page.getByRole('button', { name: 'PICKED UP' }).click();
  // The screen moves on at the tap; the next step can be pressed straight away.
  await expect(step(page, 'Picked Up')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'FINISH DROP OFF' })).toBeEnabled();
  await expect(page.getByTestId('nav-pending-updates')).toHaveText(
    /^1 update waiting to sync/,
    QUEUED_WITHIN,
  );
  await page.getByRole('button', { name: 'FINISH DROP OFF' }).click();
  await expect(page.getByText('Delivered. Thank you!')).toBeVisible();
  await expect(page.getByTestId('nav-pending-updates')).toHaveText(
    /^2 updates waiting to sync/,
    QUEUED_WITHIN,
  );
  expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned']);

  // The network works again; the courier does nothing.
  wifi.pass();
  await expect(page.getByTestId('outbox-synced')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pending-updates')).toHaveCount(0);
  expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned', 'Picked Up', 'Delivered']);
  await expect(page.getByText('Delivered. Thank you!')).toBeVisible();
  forgetNetworkErrors(consoleErrors);
});

test('UNABLE TO DELIVER in a stall: asked first, back to the dashboard at once, given up once the network works', async ({
  page,
  wifi,
  tomsDelivery,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { deliveryId, tom } = tomsDelivery;
  await openTomsDelivery(page, deliveryId);

  wifi.stall();
  const question = nextDialog(page);
  await page.getByRole('button', { name: 'UNABLE TO DELIVER' }).click();
  expect(await question).toBe("Are you sure you can't deliver this item?");
  await expect(page).toHaveURL(/\/courierPage$/);
  // Only that question: nothing else is said while the give-up waits.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('pending-updates')).toHaveText(
    /^1 update waiting to sync/,
    QUEUED_WITHIN,
  );
  expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned']);

  wifi.pass();
  await expect(page.getByTestId('outbox-synced')).toBeVisible({ timeout: 30_000 });
  const now = await tom.api.get(`/api/delivery_instruction/${deliveryId}`);
  expect(await now.json()).toMatchObject({ delivery_status: 'Unassigned', courier_id: null });
  expect(await statusesOf(tom.api, deliveryId)).toEqual(['Assigned', 'Unassigned']);
  // Queued, not confirmed on the spot: no "marked as unassigned" alert popped up meanwhile.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  forgetNetworkErrors(consoleErrors);
});
