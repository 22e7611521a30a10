/**
 * The saved copy (IndexedDB): Order Status and a product page shown again by a reload with the
 * server stopped. Leaving a page by a full navigation puts it in the back/forward cache; in
 * WebKit a write still running there once held the database for the rest of the browsing
 * session, so the next page started without its saved data and showed nothing offline.
 */
import { expect } from 'vitest';
import type { Journey, Journeys } from '../lane';
import {
  count,
  signIn,
  textOf,
  waitFor,
  waitForServiceWorker,
  waitForShown,
  waitForText,
  waitForUrl,
  type Phone,
  visit,
} from '../phone';

const orderCount = (phone: Phone) => count(phone, '.os-order');

/** The query keys in the app's saved copy (IndexedDB), or why they could not be read. */
async function savedQueryKeys(phone: Phone): Promise<string[] | string> {
  const answer = await phone.evaluate(
    () =>
      new Promise<string>((done) => {
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
      }),
  );
  return answer.startsWith('[') ? (JSON.parse(answer) as string[]) : answer;
}

async function waitForSaved(phone: Phone, queryKey: unknown[]): Promise<void> {
  const key = JSON.stringify(queryKey);
  let last: string[] | string = [];
  try {
    await waitFor(
      phone,
      async () => {
        last = await savedQueryKeys(phone);
        return Array.isArray(last) && last.includes(key);
      },
      `${key} in the saved copy`,
    );
  } catch {
    throw new Error(`${key} was never saved; the saved copy held: ${JSON.stringify(last)}`);
  }
}

/** Signs maria in and waits for her 8 orders, saved. */
async function mariasOrders(phone: Phone, baseUrl: string): Promise<void> {
  await signIn(phone, baseUrl, 'maria');
  await visit(phone, `${baseUrl}/OrderStatus`);
  await waitForServiceWorker(phone);
  await waitFor(phone, async () => (await orderCount(phone)) === 8, "maria's 8 orders");
  await waitForSaved(phone, ['delivery-requests']);
}

/** Order Status saved and shown again by a reload with the server stopped. */
export const offlineReload: Journey = {
  name: 'survives a full navigation right after a change: a read answers and an offline reload shows the saved orders',
  async run({ app, openPhone }) {
    const phone = await openPhone();
    await mariasOrders(phone, app.baseUrl);

    // A change (the product page's data arrives), then within a second a full navigation,
    // as a typed or bookmarked address does.
    await phone.click('.os-card');
    await waitForUrl(phone, (url) => url.includes('/productListing/'), 'a product page');
    await waitForShown(phone, 'h1');
    await visit(phone, `${app.baseUrl}/OrderStatus`);
    await waitFor(phone, async () => (await orderCount(phone)) === 8, "maria's 8 orders");

    // A read of the saved copy answers at once.
    const read = await phone.evaluate(
      () =>
        new Promise<string>((done) => {
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
        }),
    );
    expect(read).toMatch(/query-cache:\d+/);

    // The server goes away; the reloaded page shows the saved orders.
    await app.stop();
    await phone.reload();
    await waitForText(phone, 'Order Status');
    await waitFor(phone, async () => (await orderCount(phone)) === 8, 'the 8 saved orders');
  },
};

/**
 * A page back from the back/forward cache keeps saving. Firefox keeps no signed-in page of the
 * app in that cache (it comes back as a new load), so this one is WebKit's.
 */
export const backForward: Journey = {
  name: 'keeps saving after a return from the back/forward cache',
  async run({ app, openPhone }) {
    const phone = await openPhone();
    await mariasOrders(phone, app.baseUrl);
    await phone.evaluate(() => void Object.assign(window, { leftAt: Date.now() }));
    await visit(phone, `${app.baseUrl}/Chats`);
    await waitForText(phone, 'Messages');
    await phone.back();
    await waitFor(phone, async () => (await orderCount(phone)) === 8, "maria's 8 orders");
    // The very page came back (its state kept), not a new load of it.
    expect(await phone.evaluate(() => 'leftAt' in window)).toBe(true);

    // Back on the page that was put away: a new screen's data is saved as before.
    await phone.click('.os-card');
    await waitForUrl(phone, (url) => url.includes('/productListing/'), 'a product page');
    await waitFor(
      phone,
      async () => !['', 'Order Status'].includes(await textOf(phone, 'h1')),
      "the product's heading",
    );
    const title = await textOf(phone, 'h1');
    await waitForText(phone, 'Reviews');
    const listingId = Number((await phone.url()).split('/').at(-1));
    await waitForSaved(phone, ['listings', 'detail', listingId]);

    await app.stop();
    await phone.reload();
    await waitFor(
      phone,
      async () => (await textOf(phone, 'h1')) === title,
      `the saved product page of ${title}`,
    );
  },
};

export const savedCopy: Journeys = {
  who: 'the saved copy',
  journeys: [offlineReload, backForward],
};
