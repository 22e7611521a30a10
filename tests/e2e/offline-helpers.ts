import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expect, signInWithForm, test as base } from './fixtures';
import { verifiedStudent } from './mailbox';

/** Waits until the service worker is active and controls `page` (first visit claims it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
        once: true,
      }),
    );
  });
}

/** Really offline: the browser's network is cut, for pages and the service worker alike. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}

/**
 * Watches the page's requests from now on. `quiet()` resolves once none has been under way for
 * half a second, the live stream (GET /api/events, open for as long as the page is) aside. Cut
 * the network only then: a request cut on its way is logged as a failed load, a console error,
 * and the app starts some just after a screen shows (the live stream, the refetch of what it
 * may have missed before the stream opened).
 */
export function watchRequests(page: Page): { quiet: () => Promise<void> } {
  const open = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') return;
    open.add(request);
    changedAt = Date.now();
  });
  const ended = (request: Request) => {
    if (open.delete(request)) changedAt = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: () =>
      expect
        .poll(() => open.size === 0 && Date.now() - changedAt >= 500, {
          message: 'no request under way for half a second',
        })
        .toBe(true),
  };
}

/** The paths of the requests the page's cache `name` (a service-worker cache) holds. */
export function cachedPaths(page: Page, name: string): Promise<string[]> {
  return page.evaluate(
    async (cache) => (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname),
    name,
  );
}

/** Reads a PNG's width and height from its header. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * What the app has saved to IndexedDB for offline use (lib/persist.ts): the key of each saved
 * query cache (`query-cache:<user id or anonymous>`) and each persisted query client.
 */
function savedStore(page: Page): Promise<{ keys: string[]; clients: unknown[] }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('campus-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('queries')) return { keys: [], clients: [] };
    const store = db.transaction('queries').objectStore('queries');
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const [keys, clients] = await Promise.all([read(store.getAllKeys()), read(store.getAll())]);
    db.close();
    return { keys: keys.map(String), clients };
  });
}

/** The queries the app has saved to IndexedDB for offline use (lib/persist.ts), key and data. */
async function savedQueries(page: Page): Promise<{ key: string; data: string }[]> {
  return (await savedStore(page)).clients.flatMap((client) =>
    (
      client as { clientState: { queries: { queryKey: unknown; state: { data: unknown } }[] } }
    ).clientState.queries.map((q) => ({
      key: JSON.stringify(q.queryKey),
      data: JSON.stringify(q.state.data) ?? '',
    })),
  );
}

/** The query keys the app has saved to IndexedDB for offline use (lib/persist.ts). */
export async function savedQueryKeys(page: Page): Promise<string[]> {
  return (await savedQueries(page)).map((q) => q.key);
}

/** The names of the saved query caches in IndexedDB: `query-cache:<user id or anonymous>`. */
export async function savedCaches(page: Page): Promise<string[]> {
  return (await savedStore(page)).keys;
}

/**
 * Waits until the app has saved a query (the screen's data is then readable offline); with
 * `containing`, until the saved copy holds that text (an older copy of the query, saved by
 * another screen, may be there first).
 */
export async function waitForSaved(
  page: Page,
  queryKey: unknown[],
  containing?: string,
): Promise<void> {
  const key = JSON.stringify(queryKey);
  await expect
    .poll(async () =>
      (await savedQueries(page)).some(
        (q) => q.key === key && (containing === undefined || q.data.includes(containing)),
      ),
    )
    .toBe(true);
}

/** The test server has no map tiles: a blank one stands in (as H3's journeys do). */
export async function blankTiles(context: BrowserContext): Promise<void> {
  await context.route('**/tiles/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );
}

interface DeliveryEvent {
  delivery_status: string;
  at: string;
  device_at: string | null;
}

export type NewContext = (options: { baseURL: string }) => Promise<APIRequestContext>;

async function signedIn(newContext: NewContext, baseURL: string, email: string) {
  const api = await newContext({ baseURL });
  const res = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: { user_id: number } };
  return { api, userId: user.user_id };
}

/**
 * A fresh delivery assigned to tom, through the real API: a new buyer asks for delivery of a
 * listing, its seller accepts, tom claims it.
 */
export async function deliveryForTom(
  newContext: NewContext,
  baseURL: string,
  { dropoff = 'Library' }: { dropoff?: string } = {},
) {
  const buyer = await newContext({ baseURL });
  const username = `offline${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { user_id: buyerId } = await verifiedStudent<{ user_id: number }>(buyer, username, {
    firstName: 'Offline',
    lastName: 'Buyer',
  });

  const listings = (await (await buyer.get('/api/all')).json()) as {
    listing_id: number;
    vendor_id: number;
    username: string;
  }[];
  // One item, one sale: a listing already on its way to another buyer (earlier tests, the demo
  // data) refuses with 409, so try listings in a random order until a seller can accept.
  const candidates = listings
    .filter((l) => l.username !== 'tom')
    .map((l) => ({ l, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ l }) => l);
  let accepted: { delivery_id: number; title: string } | undefined;
  for (const listing of candidates) {
    const asked = await buyer.post('/api/delivery_request', {
      data: {
        buyer_id: buyerId,
        vendor_id: listing.vendor_id,
        listing_id: listing.listing_id,
        dropoff,
      },
    });
    if (asked.status() === 409) continue;
    expect(asked.ok(), await asked.text()).toBe(true);
    const requestId = ((await asked.json()) as { delivery_request_id: number }).delivery_request_id;

    const seller = await signedIn(newContext, baseURL, demoEmail(listing.username));
    const answer = await seller.api.post(`/api/delivery_instruction/request/accept/${requestId}`, {
      data: { pickup: 'Cafe 101' },
    });
    if (answer.status() === 409) continue;
    expect(answer.ok(), await answer.text()).toBe(true);
    accepted = (await answer.json()) as { delivery_id: number; title: string };
    break;
  }
  expect(accepted, 'a listing without a delivery under way').toBeDefined();
  const { delivery_id: deliveryId, title } = accepted!;

  const tom = await signedIn(newContext, baseURL, demoEmail('tom'));
  const claimed = await tom.api.put(`/api/delivery_instruction/${deliveryId}`, {
    data: { delivery_status: 'Assigned', courier_id: tom.userId },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  return { deliveryId, title, tom, buyerEmail: `${username}@sfsu.edu` };
}

export async function events(api: APIRequestContext, deliveryId: number): Promise<DeliveryEvent[]> {
  const res = await api.get(`/api/delivery_instruction/${deliveryId}/events`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as DeliveryEvent[];
}

/**
 * Tom, signed in through the form, on the screen of his delivery (`/courierNav/{id}`) under the
 * service worker, once the app has saved it for offline use.
 */
export async function openTomsDelivery(page: Page, deliveryId: number): Promise<void> {
  await signInWithForm(page, 'tom');
  await page.goto(`/courierNav/${deliveryId}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await waitForSaved(page, ['deliveries', 'detail', deliveryId]);
}

/** The statuses a delivery went through, oldest first, as `api` reads its history. */
export async function statusesOf(api: APIRequestContext, deliveryId: number): Promise<string[]> {
  return (await events(api, deliveryId)).map((e) => e.delivery_status);
}

/**
 * The e2e test with `tomsDelivery`: a fresh delivery assigned to tom (`deliveryForTom`, set up
 * through the app at `appURL`), and blank map tiles in the test's browser.
 */
export const test = base.extend<{ tomsDelivery: Awaited<ReturnType<typeof deliveryForTom>> }>({
  tomsDelivery: async ({ playwright, appURL, context }, use) => {
    const delivery = await deliveryForTom((o) => playwright.request.newContext(o), appURL);
    await blankTiles(context);
    await use(delivery);
  },
});
