/**
 * The saved copy (IndexedDB) in WebKit. Leaving a page by a full navigation puts it in WebKit's
 * back/forward cache; a write still running there once held the database for the rest of the
 * browsing session, so the next page started without its saved data and showed nothing offline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appForFile } from './app-server';
import {
  openPhone,
  signIn,
  waitForCondition,
  waitForServiceWorker,
  waitForText,
  type Phone,
} from './phone';

const app = appForFile();
let phone: Phone;

beforeEach(async () => {
  await app.start();
  phone = await openPhone(app.baseUrl);
});
afterEach(async () => {
  await phone?.deleteSession();
});

const orderCount = () => phone.$$('.os-order').length;

/** The query keys in the app's saved copy (IndexedDB), or why they could not be read. */
async function savedQueryKeys(): Promise<string[] | string> {
  const answer = await phone.executeAsync((done: (result: string) => void) => {
    const timer = setTimeout(() => done('no answer within 3 s'), 3_000);
    const open = indexedDB.open('campus-cache');
    open.onerror = () => done(`open failed: ${open.error?.message}`);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('queries')) return done('[]');
      const all = db.transaction('queries').objectStore('queries').getAll();
      all.onsuccess = () => {
        clearTimeout(timer);
        db.close();
        const saved = all.result as { clientState: { queries: { queryKey: unknown }[] } }[];
        done(
          JSON.stringify(
            saved.flatMap((c) => c.clientState.queries.map((q) => JSON.stringify(q.queryKey))),
          ),
        );
      };
    };
  });
  return answer.startsWith('[') ? (JSON.parse(answer) as string[]) : answer;
}

async function waitForSaved(queryKey: unknown[]): Promise<void> {
  const key = JSON.stringify(queryKey);
  let last: string[] | string = [];
  try {
    await phone.waitUntil(async () => {
      last = await savedQueryKeys();
      return Array.isArray(last) && last.includes(key);
    });
  } catch {
    throw new Error(`${key} was never saved; the saved copy held: ${JSON.stringify(last)}`);
  }
}

describe('the saved copy in WebKit', () => {
  it('survives a full navigation right after a change: a read answers and an offline reload shows the saved orders', async () => {
    await signIn(phone, app.baseUrl, 'maria');
    await phone.url(`${app.baseUrl}/OrderStatus`);
    await waitForServiceWorker(phone);
    await phone.waitUntil(async () => (await orderCount()) === 8, {
      timeoutMsg: "maria's 8 orders never showed",
    });
    await waitForSaved(['delivery-requests']);

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
    await waitForSaved(['delivery-requests']);
    await phone.execute(() => void Object.assign(window, { leftAt: Date.now() }));
    await phone.url(`${app.baseUrl}/Chats`);
    await waitForText(phone, 'Messages');
    await phone.back();
    await phone.waitUntil(async () => (await orderCount()) === 8);
    // The very page came back (its state kept), not a new load of it.
    expect(await phone.execute(() => 'leftAt' in window)).toBe(true);

    // Back on the page that was put away: a new screen's data is saved as before.
    await phone.$('.os-card').click();
    await phone.waitUntil(async () => (await phone.getUrl()).includes('/productListing/'));
    await phone.waitUntil(async () => (await phone.$('h1').getText()) !== 'Order Status');
    const title = await phone.$('h1').getText();
    await waitForText(phone, 'Reviews');
    const listingId = Number((await phone.getUrl()).split('/').at(-1));
    await waitForSaved(['listings', 'detail', listingId]);

    await app.stop();
    await phone.refresh();
    await waitForCondition(
      phone,
      async () => (await phone.$('h1').isExisting()) && (await phone.$('h1').getText()) === title,
      `the saved product page of ${title}`,
    );
  });
});
