/**
 * Another campus (CAMPUS_FILE): the server runs on UC Berkeley's campus file, and a whole sale
 * with delivery happens there. A new student registers with a @berkeley.edu address (an
 * @sfsu.edu one is refused) and lists an item; another asks for delivery to a Berkeley
 * building, choosing from Berkeley's drop-off spots only; the seller picks a Berkeley pickup;
 * a courier's map puts both pins at Berkeley's coordinates. Tiles come from the stand-in host.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeTests, type Locator, type Page } from '@playwright/test';
import { expect, expectConsoleError, nextDialog, uniqueName } from '../fixtures';
import { onShift, test as deliveryTest } from '../delivery-support';
import { waitForTiles, withTileHost } from '../map-support';
import { openBrowser } from '../storefront-support';
import { makePng } from '../../fixtures/png';
import { metersBetween, type LatLng } from '../../../src/shared/locations.js';
import { tileAt } from '../../../src/shared/campus-area.js';

const CAMPUS_FILE = path.resolve('src/shared/campuses/berkeley.json');
const berkeley = JSON.parse(readFileSync(CAMPUS_FILE, 'utf8')) as {
  emailDomains: string[];
  spots: { name: string; lat: number; lng: number; pickup: boolean; dropoff: boolean }[];
};
const DOMAIN = berkeley.emailDomains[0]!;
const spot = (name: string): LatLng => {
  const found = berkeley.spots.find((s) => s.name === name);
  if (!found) throw new Error(`no spot ${name} in ${CAMPUS_FILE}`);
  return { lat: found.lat, lng: found.lng };
};
const PICKUPS = berkeley.spots.filter((s) => s.pickup).map((s) => s.name);
const DROPOFFS = berkeley.spots.filter((s) => s.dropoff).map((s) => s.name);
const PICKUP = 'Cal Student Store';
const DROPOFF = 'Doe Library';
/** Outside the student store: where the courier's phone says they are. */
const COURIER_AT = { latitude: 37.8693, longitude: -122.2597 };

const test = mergeTests(deliveryTest, withTileHost({ host: 13, app: 14 }, { CAMPUS_FILE }));

/** A select's choices as [value, text] pairs, in order, once it is on screen. */
async function choices(select: Locator) {
  await expect(select).toBeVisible();
  return select
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']),
    );
}

/**
 * Where on Earth a point of the delivery map is: worked out from a tile on screen (its z/x/y in
 * its address, its box in the page) by the Web Mercator arithmetic of the "slippy map" scheme.
 * `at` is the map's middle, or the middle of a marker's pin as it is drawn (where its spot is).
 */
function latLngOnMap(page: Page, at: { marker: 'pickup' | 'dropoff' | 'courier' } | 'centre') {
  return page.evaluate((at) => {
    const map = document.querySelector('.nav-map')!;
    let x: number;
    let y: number;
    if (at === 'centre') {
      const box = map.getBoundingClientRect();
      x = box.left + box.width / 2;
      y = box.top + box.height / 2;
    } else {
      const pin = map
        .querySelector(`.leaflet-marker-icon.map-marker-${at.marker} .map-marker-pin`)!
        .getBoundingClientRect();
      x = pin.left + pin.width / 2;
      y = pin.top + pin.height / 2;
    }
    const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile-loaded')!;
    const [z, tx, ty] = /(\d+)\/(\d+)\/(\d+)\.\w+$/.exec(tile.src)!.slice(1).map(Number) as [
      number,
      number,
      number,
    ];
    const t = tile.getBoundingClientRect();
    const n = 2 ** z;
    const worldX = tx + (x - t.left) / t.width;
    const worldY = ty + (y - t.top) / t.height;
    return {
      lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * worldY) / n))) * 180) / Math.PI,
      lng: (worldX / n) * 360 - 180,
    };
  }, at);
}

/** The middle of an element's box, in page pixels. */
async function middleOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Metres between where the map shows `at` and `want`, once the map is at rest there. */
function metresOff(page: Page, at: Parameters<typeof latLngOnMap>[1], want: LatLng) {
  return async () => Math.round(metersBetween(await latLngOnMap(page, at), want));
}

test('on the Berkeley campus a student registers and sells, a buyer asks delivery to Doe Library, the seller picks the Cal Student Store and the courier’s map shows both at Berkeley', async ({
  browser,
  baseURL,
  consoleErrors,
  people,
  tileHost,
}) => {
  test.setTimeout(180_000);
  const seller = await openBrowser(browser, baseURL!, consoleErrors);
  const username = uniqueName('cal');
  const email = `${username}@${DOMAIN}`;
  const title = `Bear lamp ${uniqueName('')}`;
  const note = `Front steps, ${uniqueName('n')}`;
  let listingId = 0;

  await test.step('a new student registers with a @berkeley.edu address', async () => {
    const page = seller.page;
    await page.goto('/register');
    const address = page.getByLabel(/Email/);
    await expect(page.getByText(`Your campus address, ending in @${DOMAIN}`)).toBeVisible();
    await page.getByLabel('First Name').fill('Oski');
    await page.getByLabel('Last Name').fill('Bear');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByLabel('Confirm Password').fill('a-long-password');
    await page.getByRole('checkbox').check();

    // The other campus's address is not this one's: the server refuses it, naming Berkeley's.
    await address.fill(`${username}@sfsu.edu`);
    const warning = nextDialog(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await warning;
    expect(await nextDialog(page)).toBe(`Please register with your campus e-mail (@${DOMAIN}).`);
    await expectConsoleError(consoleErrors, /status of 400.*\/api\/register/);
    await expect(page).toHaveURL(/\/register$/);

    await address.fill(email);
    const alert = nextDialog(page);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await alert).toBe('Registered successfully!');
    await expect(page).toHaveURL(/\/RealUserProfile$/);
    await expect(page.getByRole('heading', { name: 'Oski Bear' })).toBeVisible();
  });

  await test.step('…confirms it with the code read from /mailbox', async () => {
    const page = seller.page;
    const banner = page.getByRole('region', { name: 'Confirm your campus e-mail' });
    await expect(banner).toContainText(email);
    const inbox = await seller.context.newPage();
    await inbox.goto('/mailbox');
    await inbox
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
      .getByRole('link', { name: /Confirm your campus e-mail/ })
      .click();
    const text = await inbox.locator('pre').innerText();
    const code = /^\s*([0-9]{6})\s*$/m.exec(text)?.[1];
    expect(code, text).toBeTruthy();
    await inbox.close();
    await banner.getByLabel('Code from the e-mail').fill(code!);
    await banner.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your campus e-mail is verified.')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  await test.step('…and lists an item through the New Product form', async () => {
    const page = seller.page;
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /New Product/ }).click();
    await dialog
      .getByLabel('Image')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: makePng() });
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Blue and gold shade.');
    await dialog.getByLabel('Price ($)').fill('15');
    await dialog.getByLabel('Category').selectOption('Furniture');
    await dialog.getByLabel('Condition').selectOption('Used - Good');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Listing created!');
    await dialog.getByRole('link', { name: 'View listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    listingId = Number(/\/productListing\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(listingId).toBeGreaterThan(0);
  });

  const buyer = await people.student('buyer', { domain: DOMAIN });

  await test.step('another Berkeley student asks for delivery to Doe Library', async () => {
    const page = buyer.page;
    // San Francisco's spots are not this campus's: the server refuses a request to one.
    const all = await page.request.get('/api/all');
    const listing = ((await all.json()) as { listing_id: number; vendor_id: number }[]).find(
      (l) => l.listing_id === listingId,
    );
    expect(listing, 'the new listing is on sale').toBeDefined();
    const elsewhere = await page.request.post('/api/delivery_request', {
      data: {
        buyer_id: buyer.user.user_id,
        vendor_id: listing!.vendor_id,
        listing_id: listingId,
        dropoff: 'Library',
        buyer_special_request: '',
      },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(400);

    await page.goto(`/productListing/${listingId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Get Item Delivered' }).click();
    const dropoff = page.getByLabel('Dropoff Location');
    // Berkeley's drop-off buildings, in the campus file's order, and nothing else.
    expect(await choices(dropoff)).toEqual([
      ['', 'Choose a dropoff location'],
      ...DROPOFFS.map((name) => [name, name]),
    ]);
    await dropoff.selectOption(DROPOFF);
    await page.getByLabel('Special Request for Courier').fill(note);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Request Already Sent' })).toBeDisabled();

    await page.goto('/OrderStatus');
    const order = page.getByRole('link').filter({ hasText: note });
    await expect(order).toContainText(`Drop-off: ${DROPOFF}`);
    await expect(order).toContainText('Status: Pending');
  });

  await test.step('the seller accepts, picking up at the Cal Student Store', async () => {
    const page = seller.page;
    await page.goto('/vendorDeliveryRequest');
    await expect(page.getByRole('heading', { name: 'Delivery Requests' })).toBeVisible();
    const card = page.getByRole('article', { name: `${title} for ${buyer.user.username}` });
    await card.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    const pickup = dialog.getByLabel('Pickup Location');
    // Berkeley's pickup spots, in the campus file's order, and nothing else.
    expect(await choices(pickup)).toEqual([
      ['', 'Select a pickup location'],
      ...PICKUPS.map((name) => [name, name]),
    ]);
    await pickup.selectOption(PICKUP);
    const alert = nextDialog(page);
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    expect(await alert).toBe('Delivery accepted!');
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
  });

  const courier = await people.student('courier', { phone: true, courier: true, domain: DOMAIN });
  await courier.context.setGeolocation(COURIER_AT);

  await test.step('a courier on shift accepts it and opens the delivery screen', async () => {
    const page = courier.page;
    await page.goto('/CourierPage');
    await onShift(page);
    const card = page
      .getByRole('region', { name: /^Available/ })
      .getByRole('article')
      .filter({ hasText: note });
    await expect(card).toContainText(`Pick up: ${PICKUP}`);
    await expect(card).toContainText(`Drop off: ${DROPOFF}`);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/courierNav\/\d+$/);
    await expect(page.getByText('Loading your delivery...')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  });

  await test.step('…whose map has its pins at the Berkeley spots, centred on the pickup', async () => {
    const page = courier.page;
    const label = (text: string) => page.locator('.nav-map .map-marker-label', { hasText: text });
    await expect(label(`Pick up: ${PICKUP}`)).toBeVisible();
    await expect(label(`Drop off: ${DROPOFF}`)).toBeAttached();
    await expect(label('You')).toBeVisible();
    // The spec's view while Assigned: zoom 18 on the pickup, Berkeley's tiles from the host.
    await waitForTiles(page, 18);
    const storeTile = tileAt(spot(PICKUP).lat, spot(PICKUP).lng, 18);
    expect(tileHost.requests).toContain(`/18/${storeTile.x}/${storeTile.y}.png`);
    // At zoom 18 a pixel is about half a metre: the map's middle and the markers are within a
    // few metres of the file's coordinates (a spot the browser did not know would fall back to
    // the campus centre, hundreds of metres away).
    await expect.poll(metresOff(page, 'centre', spot(PICKUP))).toBeLessThanOrEqual(3);
    await expect.poll(metresOff(page, { marker: 'pickup' }, spot(PICKUP))).toBeLessThanOrEqual(3);
    await expect.poll(metresOff(page, { marker: 'dropoff' }, spot(DROPOFF))).toBeLessThanOrEqual(3);
    await expect
      .poll(
        metresOff(
          page,
          { marker: 'courier' },
          { lat: COURIER_AT.latitude, lng: COURIER_AT.longitude },
        ),
      )
      .toBeLessThanOrEqual(3);
    // The pickup's pin is drawn in the map's middle, as the person sees it.
    await expect
      .poll(async () => {
        const map = await middleOf(page.locator('.nav-map'));
        const pin = await middleOf(page.locator('.nav-map .leaflet-marker-icon.map-marker-pickup'));
        return Math.max(Math.abs(map.x - pin.x), Math.abs(map.y - pin.y));
      })
      .toBeLessThanOrEqual(2);

    // "Show all" brings the Doe Library's pin into view beside the store's.
    await page
      .getByRole('region', { name: 'Delivery map' })
      .getByRole('button', { name: 'Show all' })
      .click();
    await expect(label(`Drop off: ${DROPOFF}`)).toBeInViewport();
    await expect(label(`Pick up: ${PICKUP}`)).toBeInViewport();
    // A wider view: zoom 18's tiles give way to another zoom's.
    await expect(page.locator('.nav-map img.leaflet-tile[src*="/18/"]')).toHaveCount(0);
    expect(await waitForTiles(page)).toBeLessThan(18);
    await expect.poll(metresOff(page, { marker: 'pickup' }, spot(PICKUP))).toBeLessThanOrEqual(6);
    await expect.poll(metresOff(page, { marker: 'dropoff' }, spot(DROPOFF))).toBeLessThanOrEqual(6);
  });
});
