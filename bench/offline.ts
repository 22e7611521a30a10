/**
 * Offline replay: a courier presses PICKED UP and FINISH DROP OFF with the network cut; the time
 * from the network coming back to the last of those updates stored on the server, in Chromium.
 */
import type { APIRequestContext } from '@playwright/test';
import { request } from '@playwright/test';
import { DEMO_PASSWORD } from '#server/db/seed.js';
import { launchBrowser } from './lib/browser.js';

export interface SyncResult {
  /** Median milliseconds from going online to the last queued update stored. */
  ms: number;
  runs: number[];
  updatesPerRun: number;
}

const RUNS = 3;
const email = (username: string) => `${username}@sfsu.edu`;

async function signedIn(baseURL: string, username: string) {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login', {
    data: { email: email(username), password: DEMO_PASSWORD },
  });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()}`);
  const { user } = (await res.json()) as { user: { user_id: number; username: string } };
  return { api, user };
}

/** A new delivery assigned to tom: a buyer asks, the seller accepts, tom claims it. */
async function deliveryForTom(baseURL: string, maria: APIRequestContext, mariaId: number) {
  const listings = (await (await maria.get('/api/all')).json()) as {
    listing_id: number;
    vendor_id: number;
    username: string;
  }[];
  for (const listing of listings) {
    if (listing.username === 'tom' || listing.vendor_id === mariaId) continue;
    const asked = await maria.post('/api/delivery_request', {
      data: {
        buyer_id: mariaId,
        vendor_id: listing.vendor_id,
        listing_id: listing.listing_id,
        dropoff: 'Library',
      },
    });
    if (asked.status() === 409) continue; // already asked for this one
    if (!asked.ok()) throw new Error(`delivery request: ${asked.status()} ${await asked.text()}`);
    const { delivery_request_id } = (await asked.json()) as { delivery_request_id: number };
    const seller = await signedIn(baseURL, listing.username);
    const accepted = await seller.api.post(
      `/api/delivery_instruction/request/accept/${delivery_request_id}`,
      { data: { pickup: 'Cafe 101' } },
    );
    if (!accepted.ok()) throw new Error(`accept: ${accepted.status()} ${await accepted.text()}`);
    const { delivery_id } = (await accepted.json()) as { delivery_id: number };
    await seller.api.dispose();
    return delivery_id;
  }
  throw new Error('no listing left to ask delivery for');
}

export async function runSync(baseURL: string): Promise<SyncResult> {
  const maria = await signedIn(baseURL, 'maria');
  const tom = await signedIn(baseURL, 'tom');
  const browser = await launchBrowser();
  const runs: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const deliveryId = await deliveryForTom(baseURL, maria.api, maria.user.user_id);
      const claimed = await tom.api.put(`/api/delivery_instruction/${deliveryId}`, {
        data: { delivery_status: 'Assigned', courier_id: tom.user.user_id },
      });
      if (!claimed.ok()) throw new Error(`claim: ${claimed.status()}`);

      const context = await browser.newContext({ baseURL });
      // No map tiles in the benchmark: a blank one stands in.
      await context.route('**/tiles/**', (route) => route.fulfill({ status: 204, body: '' }));
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(email('tom'));
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`/courierNav/${deliveryId}`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.getByRole('button', { name: 'PICKED UP' }).waitFor();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'PICKED UP' }).click();
      await page.getByRole('button', { name: 'FINISH DROP OFF' }).click();
      await page.getByTestId('pending-updates').filter({ hasText: '2 updates' }).waitFor();

      const online = Date.now();
      await context.setOffline(false);
      const deadline = online + 60_000;
      let storedAt: number | undefined;
      while (Date.now() < deadline) {
        const events = (await (
          await tom.api.get(`/api/delivery_instruction/${deliveryId}/events`)
        ).json()) as { delivery_status: string; at: string }[];
        const delivered = events.find((e) => e.delivery_status === 'Delivered');
        if (delivered) {
          storedAt = Date.parse(delivered.at);
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      if (storedAt === undefined) throw new Error('the queued updates did not arrive in 60 s');
      runs.push(storedAt - online);
      await context.close();
    }
  } finally {
    await browser.close();
    await maria.api.dispose();
    await tom.api.dispose();
  }
  return { ms: [...runs].sort((a, b) => a - b)[runs.length >> 1]!, runs, updatesPerRun: 2 };
}
