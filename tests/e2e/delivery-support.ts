/**
 * Actors for the delivery journeys: each person gets their own browser context (a phone for
 * couriers, with geolocation granted), signed in through the real API. Console errors of every
 * page land in the fixture's list, so each test still fails on one. The `test` here hands out
 * such people (`people`) and closes their browsers once the test is over.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { isDeliveryFinished, type DeliveryStatus } from '../../src/shared/delivery.js';
import {
  countConsoleErrors,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  test as base,
  uniqueName,
} from './fixtures';
import { makePng } from '../fixtures/png.js';
import { verifiedStudent } from './mailbox';

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true } as const;
/** Near Cafe 101, where the e2e deliveries are picked up. */
export const NEAR_CAFE_101 = { latitude: 37.72232, longitude: -122.47852 };

/** A transparent 1x1 PNG: the stand-in tile server draws nothing, as when tiles are offline. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * On the courier dashboard, puts the signed-in courier on shift, whether or not an earlier test
 * left them on it: first waits for the dashboard to draw one of the two buttons (it draws after
 * the saved data is read back and its code has loaded).
 */
export async function onShift(page: Page) {
  const start = page.getByRole('button', { name: 'Available for Work' });
  const end = page.getByRole('button', { name: 'END SHIFT' });
  await expect(start.or(end)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(end).toBeVisible();
}

export interface SessionUser {
  user_id: number;
  username: string;
  is_courier: number;
  on_shift: number;
}

export interface Actor {
  user: SessionUser;
  page: Page;
  context: BrowserContext;
}

interface ActorOptions {
  phone?: boolean;
  consoleErrors: string[];
}

async function openContext(
  browser: Browser,
  baseURL: string,
  { phone = false, consoleErrors }: ActorOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    ...(phone ? PHONE : {}),
    permissions: ['geolocation'],
    geolocation: NEAR_CAFE_101,
    // The worker is not under test here; requests go straight to the server.
    serviceWorkers: 'block',
  });
  // The configured TILE_URL points at the test server, which has no tiles.
  await context.route('**/tiles/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  return { context, page };
}

/** The browser side of a session: the stored user the app renders signed-in screens from. */
async function storeUser(context: BrowserContext, user: SessionUser) {
  await context.addInitScript((u) => {
    if (!localStorage.getItem('user')) {
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('sessionExpiry', String(Date.now() + 25 * 60 * 1000));
    }
  }, user);
}

/** A demo account (password campus-demo-1) in its own browser. */
export async function demoActor(
  browser: Browser,
  baseURL: string,
  username: string,
  options: ActorOptions,
): Promise<Actor> {
  const { context, page } = await openContext(browser, baseURL, options);
  const res = await page.request.post('/api/login', {
    data: { email: demoEmail(username), password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: SessionUser };
  await storeUser(context, user);
  return { user, page, context };
}

/**
 * A newly registered student, optionally made a courier, in their own browser; their address
 * is on `domain` (the default campus's unless given).
 */
export async function newActor(
  browser: Browser,
  baseURL: string,
  prefix: string,
  options: ActorOptions & { courier?: boolean; domain?: string },
): Promise<Actor> {
  const { context, page } = await openContext(browser, baseURL, options);
  const username = uniqueName(prefix);
  let user = await verifiedStudent<SessionUser>(page.request, username, {
    firstName: 'Test',
    lastName: prefix,
    domain: options.domain,
  });
  if (options.courier) {
    const promoted = await page.request.put(`/api/user/${user.user_id}`, {
      data: { is_courier: 1 },
    });
    expect(promoted.ok(), await promoted.text()).toBe(true);
    user = (await promoted.json()) as SessionUser;
  }
  await storeUser(context, user);
  return { user, page, context };
}

/** The test's people, each in a browser of their own, closed after the test. */
export interface People {
  /**
   * A newly registered student (a courier with `courier`, their address on `domain`), as
   * `newActor` makes one.
   */
  student: (
    prefix: string,
    options?: { phone?: boolean; courier?: boolean; domain?: string },
  ) => Promise<Actor>;
  /** A demo account, as `demoActor` signs one in. */
  demo: (username: string, options?: { phone?: boolean }) => Promise<Actor>;
}

/** The e2e test with its `people`, whose console errors count against it. */
export const test = base.extend<{ people: People }>({
  people: async ({ browser, baseURL, consoleErrors }, use) => {
    const opened: Actor[] = [];
    const kept = (actor: Actor) => {
      opened.push(actor);
      return actor;
    };
    await use({
      student: async (prefix, options = {}) =>
        kept(await newActor(browser, baseURL!, prefix, { ...options, consoleErrors })),
      demo: async (username, options = {}) =>
        kept(await demoActor(browser, baseURL!, username, { ...options, consoleErrors })),
    });
    for (const actor of opened) await actor.context.close();
  },
});

interface ListingRow {
  listing_id: number;
  vendor_id: number;
  title: string;
  username: string;
  listing_status: string;
}

/**
 * An active listing of a demo seller, for a buyer to ask delivery of. With the seller signed in
 * (`vendor`), one without a delivery under way, so the seller can accept the request: one item,
 * one sale (the demo data and earlier tests have deliveries of some).
 */
export async function listingOf(
  request: APIRequestContext,
  seller: string,
  vendor?: Actor,
): Promise<ListingRow> {
  const res = await request.get('/api/all');
  expect(res.ok()).toBe(true);
  const taken = new Set<number>();
  if (vendor) {
    const deliveries = await vendor.page.request.get('/api/delivery_instruction');
    expect(deliveries.ok()).toBe(true);
    for (const d of (await deliveries.json()) as { listing_id: number; delivery_status: string }[])
      if (!isDeliveryFinished(d.delivery_status as DeliveryStatus)) taken.add(d.listing_id);
  }
  const listings = ((await res.json()) as ListingRow[]).filter(
    (l) => l.username === seller && l.listing_status === 'Active' && !taken.has(l.listing_id),
  );
  expect(listings.length, `an active listing of ${seller}`).toBeGreaterThan(0);
  return listings[Math.floor(Math.random() * listings.length)]!;
}

/** Buyer asks delivery of a listing through the API (set-up for tests about later steps). */
export async function requestDelivery(
  buyer: Actor,
  listing: ListingRow,
  dropoff: string,
  note: string,
  { handoverCode = false }: { handoverCode?: boolean } = {},
): Promise<number> {
  const res = await buyer.page.request.post('/api/delivery_request', {
    data: {
      buyer_id: buyer.user.user_id,
      vendor_id: listing.vendor_id,
      listing_id: listing.listing_id,
      dropoff,
      buyer_special_request: note,
      ...(handoverCode && { require_handover_code: true }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { delivery_request_id: number }).delivery_request_id;
}

/** Vendor accepts through the API; returns the new delivery's id. */
export async function acceptRequest(vendor: Actor, requestId: number, pickup: string) {
  const res = await vendor.page.request.post(
    `/api/delivery_instruction/request/accept/${requestId}`,
    { data: { pickup, vendor_special_request: '' } },
  );
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { delivery_id: number }).delivery_id;
}

/** A listing of the seller's, made through the API with a real picture. */
export async function listItem(seller: Actor, title: string): Promise<number> {
  const res = await seller.page.request.post('/api/listing', {
    data: {
      thumbnail: makePng().toString('base64'),
      mimetype: 'image/png',
      title,
      price: 40,
      description: 'Barely used',
      category: 'Electronics',
      conditions: 'Used - Good',
      vendor_id: seller.user.user_id,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { listing_id: number }).listing_id;
}
