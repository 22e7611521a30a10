/**
 * The saved copy (IndexedDB) in WebKit. Leaving a page by a full navigation puts it in WebKit's
 * back/forward cache; a write still running there once held the database for the rest of the
 * browsing session, so the next page started without its saved data and showed nothing offline.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './app-server';
import {
  openPhone,
  signIn,
  waitForCondition,
  waitForServiceWorker,
  waitForText,
  type Phone,
} from './phone';

let app: AppServer;
let phone: Phone;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.start();
  phone = await openPhone(app.baseUrl);
});
afterEach(async () => {
  await phone?.deleteSession();
});

const orderCount = () => phone.$$('.os-order').length;

describe('the saved copy in WebKit', () => {
  it('survives a full navigation right after a change: a read answers and an offline reload shows the saved orders', async () => {
    await signIn(phone, app.baseUrl, 'maria');
    await phone.url(`${app.baseUrl}/OrderStatus`);
    await waitForServiceWorker(phone);
    await phone.waitUntil(async () => (await orderCount()) === 8, {
      timeoutMsg: "maria's 8 orders never showed",
    });
    // Long enough for the orders to be saved whatever the saving rhythm.
    await phone.pause(2_500);

    // A change (the product page's data arrives), then within a second a full navigation, as
    // a typed or bookmarked address does.
    await phone.$('.os-card').click();
    await phone.waitUntil(async () => (await phone.getUrl()).includes('/productListing/'));
    await phone.$('h1').waitForDisplayed();
    await phone.url(`${app.baseUrl}/OrderStatus`);
    await phone.waitUntil(async () => (await orderCount()) === 8);

    // A read of the saved copy answers at once.
    const read = await phone.executeAsync((done: (result: string) => void) => {
      const timer = setTimeout(() => done('no answer within 3 s'), 3_000);
      const open = indexedDB.open('campus-cache');
      open.onsuccess = () => {
        const db = open.result;
        const keys = db.transaction('queries').objectStore('queries').getAllKeys();
        keys.onsuccess = () => {
          clearTimeout(timer);
          db.close();
          done(keys.result.map(String).join(','));
        };
      };
      open.onerror = () => done(`open failed: ${open.error?.message}`);
    });
    expect(read).toMatch(/query-cache:\d+/);

    // The server goes away; the reloaded page shows the saved orders.
    await app.stop();
    await phone.refresh();
    await waitForText(phone, 'Order Status');
    await waitForCondition(phone, async () => (await orderCount()) === 8, 'the 8 saved orders');
  });

  it('keeps saving after a return from the back/forward cache', async () => {
    await signIn(phone, app.baseUrl, 'maria');
    await phone.url(`${app.baseUrl}/OrderStatus`);
    await waitForServiceWorker(phone);
    await phone.waitUntil(async () => (await orderCount()) === 8);
    await phone.pause(1_500);
    await phone.execute(() => void Object.assign(window, { leftAt: Date.now() }));
    await phone.url(`${app.baseUrl}/Chats`);
    await waitForText(phone, 'Messages');
    await phone.back();
    await phone.waitUntil(async () => (await orderCount()) === 8);
    // The very page came back (its state kept), not a new load of it.
    expect(await phone.execute(() => 'leftAt' in window)).toBe(true);

    // Back on the page that was put away: a new screen's data is saved as before.
    await phone.$('.os-card').click();
    await phone.$('h1').waitForDisplayed();
    const title = await phone.$('h1').getText();
    await waitForText(phone, 'Reviews');
    await phone.pause(2_500);

    await app.stop();
    await phone.refresh();
    await waitForCondition(
      phone,
      async () => (await phone.$('h1').isExisting()) && (await phone.$('h1').getText()) === title,
      `the saved product page of ${title}`,
    );
  });
});
