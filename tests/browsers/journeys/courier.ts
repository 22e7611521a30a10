/**
 * A courier on the phone: the dashboard, claiming a delivery, PICKED UP, and a FINISH DROP OFF
 * pressed while the server is unreachable that survives a full navigation and is sent once the
 * app is next opened with the server back (no Background Sync needed: Firefox has none).
 */
import { expect } from 'vitest';
import { signedIn, uniqueName, unassignedDelivery } from '../api';
import type { Journeys } from '../lane';
import {
  isShown,
  signIn,
  waitFor,
  waitForEnabled,
  waitForServiceWorker,
  waitForShown,
  waitForText,
  waitForUrl,
  type Phone,
  visit,
} from '../phone';

const pending = (p: Phone) =>
  p.evaluate(() => document.querySelector('[data-testid="pending-updates"]')?.textContent ?? '');

const PICKED_UP = { css: 'button', text: 'PICKED UP' };
const FINISH = { css: 'button', text: 'FINISH DROP OFF' };

export const courier: Journeys = {
  who: 'a courier',
  journeys: [
    {
      name: 'claims a delivery, marks it PICKED UP, and finishes it offline without losing the update',
      async run({ app, openPhone }) {
        const note = `Blue door ${uniqueName('n')}`;
        const { deliveryId } = await unassignedDelivery(app.baseUrl, 'kai', note);
        const phone = await openPhone();
        await signIn(phone, app.baseUrl, 'jace');
        await visit(phone, `${app.baseUrl}/CourierPage`);
        await waitForText(phone, 'Courier Dashboard');
        await waitForServiceWorker(phone);
        const available = { css: 'button', text: 'Available for Work' };
        if (await isShown(phone, available)) await phone.click(available);
        await waitForShown(phone, { css: 'button', text: 'END SHIFT' });

        await phone.click({ css: 'button', text: 'Accept', inside: { css: 'article', has: note } });
        await waitForUrl(
          phone,
          (url) => url.endsWith(`/courierNav/${deliveryId}`),
          `the delivery ${deliveryId}`,
        );
        await waitForEnabled(phone, PICKED_UP, 15_000);
        await phone.click(PICKED_UP);
        await waitForEnabled(phone, FINISH);
        const jace = await signedIn(app.baseUrl, 'jace');
        const status = (api: typeof jace) =>
          api
            .call<{ delivery_status: string }>('GET', `/api/delivery_instruction/${deliveryId}`)
            .then((d) => d.delivery_status);
        await expect.poll(() => status(jace)).toBe('Picked Up');

        // The server goes away; FINISH DROP OFF waits on the phone, and a full navigation right
        // after it (a typed address) does not lose it.
        await app.stop();
        await phone.click(FINISH);
        await waitForText(phone, 'Delivered. Thank you!');
        await visit(phone, `${app.baseUrl}/CourierPage`);
        await waitFor(
          phone,
          async () => (await pending(phone)) === '1 update waiting to sync',
          '"1 update waiting to sync"',
        );

        // Back online: the app replays what waits when it is next opened.
        await app.start();
        await phone.reload();
        const after = await signedIn(app.baseUrl, 'jace');
        await expect.poll(() => status(after), { timeout: 60_000 }).toBe('Delivered');
        await waitFor(phone, async () => (await pending(phone)) === '', 'nothing waiting');
      },
    },
  ],
};
