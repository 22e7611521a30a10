/**
 * A courier on the phone in WebKit: the dashboard, claiming a delivery, PICKED UP, and a
 * FINISH DROP OFF pressed while the server is unreachable that survives a full navigation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn, uniqueName, unassignedDelivery } from './api';
import { appForFile } from './app-server';
import {
  openPhone,
  signIn,
  waitForCondition,
  waitForServiceWorker,
  waitForText,
  withText,
  type Phone,
} from './phone';

const app = appForFile();
let phone: Phone | undefined;

afterEach(async () => {
  await phone?.deleteSession();
  phone = undefined;
});

const pending = (p: Phone) =>
  p.execute(() => document.querySelector('[data-testid="pending-updates"]')?.textContent ?? '');

describe('a courier in WebKit', () => {
  it('claims a delivery, marks it PICKED UP, and finishes it offline without losing the update', async () => {
    const note = `Blue door ${uniqueName('n')}`;
    const { deliveryId } = await unassignedDelivery(app.baseUrl, 'kai', note);
    phone = await openPhone(app.baseUrl);
    await signIn(phone, app.baseUrl, 'jace');
    await phone.url(`${app.baseUrl}/CourierPage`);
    await waitForText(phone, 'Courier Dashboard');
    await waitForServiceWorker(phone);
    if (await (await phone.$('button=Available for Work')).isExisting())
      await phone.$('button=Available for Work').click();
    await phone.$('button=END SHIFT').waitForDisplayed();

    const card = await withText(phone, 'article', note);
    await card.$('button=Accept').click();
    await phone.waitUntil(async () =>
      (await phone!.getUrl()).endsWith(`/courierNav/${deliveryId}`),
    );
    await phone.$('button=PICKED UP').waitForEnabled({ timeout: 15_000 });
    await phone.$('button=PICKED UP').click();
    await phone.$('button=FINISH DROP OFF').waitForEnabled();
    const jace = await signedIn(app.baseUrl, 'jace');
    await expect
      .poll(
        async () =>
          (
            await jace.call<{ delivery_status: string }>(
              'GET',
              `/api/delivery_instruction/${deliveryId}`,
            )
          ).delivery_status,
      )
      .toBe('Picked Up');

    // The server goes away; FINISH DROP OFF waits on the phone, and a full navigation right
    // after it (a typed address) does not lose it.
    await app.stop();
    await phone.$('button=FINISH DROP OFF').click();
    await waitForText(phone, 'Delivered. Thank you!');
    await phone.url(`${app.baseUrl}/CourierPage`);
    await waitForCondition(
      phone,
      async () => (await pending(phone!)) === '1 update waiting to sync',
      '"1 update waiting to sync"',
    );

    // Back online: the app replays what waits when it is next opened.
    await app.start();
    await phone.refresh();
    const after = await signedIn(app.baseUrl, 'jace');
    await expect
      .poll(
        async () =>
          (
            await after.call<{ delivery_status: string }>(
              'GET',
              `/api/delivery_instruction/${deliveryId}`,
            )
          ).delivery_status,
        { timeout: 60_000 },
      )
      .toBe('Delivered');
    await waitForCondition(phone, async () => (await pending(phone!)) === '', 'nothing waiting');
  });
});
