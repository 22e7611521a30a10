/**
 * Demo people signed in (through the API, or the app's form), and a fresh order of maria's that tom carries:
 * what the Chromium benches (offline replay, lie-fi) set up before each run.
 */
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '#server/db/seed.js';

export interface DemoUser {
  api: APIRequestContext;
  userId: number;
}

/**
 * Signs `username` in with the app's own form in `page`, as a person would; `baseUrl` where the
 * page has no base URL of its own (a browser Playwright connected to).
 */
export async function signInOnPage(page: Page, username: string, baseUrl = ''): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(`${username}@sfsu.edu`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // The app's own alert ("Logged in!", lib/dialogs.ts): OK goes on to the next screen.
  await page.getByRole('alertdialog').locator('[data-answer="yes"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

export async function signedIn(baseURL: string, username: string): Promise<DemoUser> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login', {
    data: { email: `${username}@sfsu.edu`, password: DEMO_PASSWORD },
  });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()}`);
  const { user } = (await res.json()) as { user: { user_id: number } };
  return { api, userId: user.user_id };
}

/** A new order of maria's: she asks, the seller accepts, tom claims it (Assigned). */
export async function assignedToTom(baseURL: string, maria: DemoUser, tom: DemoUser) {
  const listings = (await (await maria.api.get('/api/all')).json()) as {
    listing_id: number;
    vendor_id: number;
    username: string;
    title: string;
  }[];
  for (const listing of listings) {
    if (listing.username === 'tom' || listing.vendor_id === maria.userId) continue;
    const asked = await maria.api.post('/api/delivery_request', {
      data: {
        buyer_id: maria.userId,
        vendor_id: listing.vendor_id,
        listing_id: listing.listing_id,
        dropoff: 'Library',
      },
    });
    if (asked.status() === 409) continue; // asked for already, or under way to another buyer
    if (!asked.ok()) throw new Error(`delivery request: ${asked.status()} ${await asked.text()}`);
    const { delivery_request_id } = (await asked.json()) as { delivery_request_id: number };
    const seller = await signedIn(baseURL, listing.username);
    const accepted = await seller.api.post(
      `/api/delivery_instruction/request/accept/${delivery_request_id}`,
      { data: { pickup: 'Cafe 101' } },
    );
    if (accepted.status() === 409) {
      await seller.api.dispose();
      continue; // one item, one sale: on its way to another buyer
    }
    if (!accepted.ok()) throw new Error(`accept: ${accepted.status()} ${await accepted.text()}`);
    // Read before the seller's context goes: disposing it discards its answers.
    const { delivery_id } = (await accepted.json()) as { delivery_id: number };
    await seller.api.dispose();
    const claimed = await tom.api.put(`/api/delivery_instruction/${delivery_id}`, {
      data: { delivery_status: 'Assigned', courier_id: tom.userId },
    });
    if (!claimed.ok()) throw new Error(`claim: ${claimed.status()}`);
    return { deliveryId: delivery_id, listingId: listing.listing_id, title: listing.title };
  }
  throw new Error('no listing left to ask delivery for');
}
