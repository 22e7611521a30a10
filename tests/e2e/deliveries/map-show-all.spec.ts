/**
 * The courier's whole errand on one screen: "Show all" on the delivery map brings the courier,
 * the pickup and the drop-off into view, and the same button goes back to the spec's view
 * (zoom 18 on the pickup while Assigned). Tiles come from the stand-in tile host.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signInWithForm } from '../fixtures';
import { PHONE } from '../delivery-support';
import { waitForTiles, withTileHost } from '../map-support';
import { deliveryForTom } from '../offline-helpers';

const test = withTileHost({ host: 11, app: 12 });
/** Beside Hensill Hall: east of the pickup (Cafe 101), far from the drop-off (Annex 1). */
const COURIER_AT = { latitude: 37.7233, longitude: -122.4757 };
test.use({ ...PHONE, permissions: ['geolocation'], geolocation: COURIER_AT });

const pin = (page: Page, kind: 'pickup' | 'dropoff' | 'courier') =>
  page.locator(`.nav-map .leaflet-marker-icon.map-marker-${kind}`);

/** The centre of an element's box, in page pixels. */
async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether each pin's centre lies inside the map's visible box. */
async function pinsInView(page: Page): Promise<Record<string, boolean>> {
  const map = (await page.locator('.nav-map').boundingBox())!;
  const result: Record<string, boolean> = {};
  for (const kind of ['pickup', 'dropoff', 'courier'] as const) {
    const { x, y } = await centreOf(pin(page, kind));
    result[kind] = x >= map.x && x <= map.x + map.width && y >= map.y && y <= map.y + map.height;
  }
  return result;
}

/** The spec's view: tiles of zoom 18, the pickup's pin at the map's centre. */
async function expectSpecView(page: Page) {
  await waitForTiles(page, 18);
  await expect
    .poll(async () => {
      const map = await centreOf(page.locator('.nav-map'));
      const pickup = await centreOf(pin(page, 'pickup'));
      return Math.max(Math.abs(map.x - pickup.x), Math.abs(map.y - pickup.y));
    })
    .toBeLessThanOrEqual(2);
}

test('Show all puts the courier, the pickup and the drop-off in view; the button goes back to zoom 18', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!, {
    dropoff: 'Annex 1',
  });
  await signInWithForm(page, 'tom');
  await page.goto(`/courierNav/${deliveryId}`);
  const mapRegion = page.getByRole('region', { name: 'Delivery map' });
  await expect(pin(page, 'courier')).toBeAttached();

  // The default view, as the spec has it.
  await expectSpecView(page);
  expect(await pinsInView(page)).toMatchObject({ pickup: true, dropoff: false });

  // A real button, big enough for a thumb, on top of the map (nothing covers its middle).
  const showAll = mapRegion.getByRole('button', { name: 'Show all' });
  const box = (await showAll.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent,
    await centreOf(showAll),
  );
  expect(onTop).toBe('Show all');

  await showAll.click();
  await expect.poll(() => pinsInView(page)).toEqual({ pickup: true, dropoff: true, courier: true });
  expect(await waitForTiles(page)).toBeLessThan(18);

  // Back, from the keyboard this time.
  const back = mapRegion.getByRole('button', { name: 'Show pickup' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expectSpecView(page);
  await expect(mapRegion.getByRole('button', { name: 'Show all' })).toBeFocused();
});
