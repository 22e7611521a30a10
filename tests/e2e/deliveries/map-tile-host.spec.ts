/**
 * The courier's map from an outside tile host (TILE_URL on another origin), as an installed
 * app shows it: through the service worker, with and without a network. That host's rules
 * (like OpenStreetMap's) forbid downloading areas in advance, so nothing is.
 */
import { expect, signInWithForm } from '../fixtures';
import { onShift, PHONE } from '../delivery-support';
import { expectMapShows, waitForTiles, withTileHost } from '../map-support';
import {
  cachedPaths,
  deliveryForTom,
  goOffline,
  waitForSaved,
  waitForServiceWorker,
} from '../offline-helpers';
import { tileColour } from '../../fixtures/map-tiles';

const test = withTileHost({ host: 1, app: 2 });
test.use({ ...PHONE });

test("under the service worker the courier's map shows the tile host's tiles, and offline the ones it showed", async ({
  page,
  context,
  playwright,
  baseURL,
  tileHost,
}) => {
  const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!);
  await signInWithForm(page, 'tom');
  await page.goto(`/courierNav/${deliveryId}`);
  await waitForServiceWorker(page);
  await waitForSaved(page, ['deliveries', 'detail', deliveryId]);

  // Now the worker controls the page, as on every visit of an installed app.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await waitForTiles(page, 18);
  const online = await expectMapShows(page, (tile) => tileColour(tile, 'host'));
  expect(online.length).toBeGreaterThanOrEqual(2);
  // Those tiles came through the worker, from the host (which forbids HTTP caching), into the
  // worker's tile cache.
  expect(tileHost.requests.length).toBeGreaterThan(0);
  // The worker stores its copy after answering (Workbox's cachePut runs in waitUntil).
  const shown = online.map((t) => `/${t.z}/${t.x}/${t.y}.png`);
  await expect
    .poll(
      async () => {
        const cached = await cachedPaths(page, 'map-tiles');
        return shown.filter((tile) => !cached.includes(tile));
      },
      { message: 'every tile shown is in the worker’s tile cache' },
    )
    .toEqual([]);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await waitForTiles(page, 18);
  const offline = await expectMapShows(page, (tile) => tileColour(tile, 'host'));
  expect(offline.map((t) => `${t.z}/${t.x}/${t.y}`).sort()).toEqual(
    online.map((t) => `${t.z}/${t.x}/${t.y}`).sort(),
  );
});

test.describe('on a phone with a 2x screen', () => {
  test.use({ deviceScaleFactor: 2 });

  test("the courier's map draws each tile from the next zoom's picture at half the width, as sharp as the screen", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!);
    await signInWithForm(page, 'tom');
    await page.goto(`/courierNav/${deliveryId}`);
    await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
    const tileWidths = () =>
      page.evaluate(() => [
        ...new Set(
          [...document.querySelectorAll('img.leaflet-tile')].map(
            (img) => img.getBoundingClientRect().width,
          ),
        ),
      ]);
    // Zoom 18 on screen: zoom 19 pictures (256 px) drawn 128 CSS px wide, 256 screen pixels.
    await waitForTiles(page, 19);
    expect(await tileWidths()).toEqual([128]);
    expect((await expectMapShows(page, (tile) => tileColour(tile, 'host'))).length).toBeGreaterThan(
      0,
    );
    // Zoom 19 on screen: the host has no zoom 20, so its zoom 19 pictures are drawn larger.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(tileWidths).toEqual([256]);
    await waitForTiles(page, 19);
  });
});

test('going on shift downloads nothing from that host in advance, and says the map needs signal', async ({
  page,
  tileHost,
}) => {
  await signInWithForm(page, 'tom');
  const before = tileHost.requests.length;
  await page.goto('/courierPage');
  await waitForServiceWorker(page);
  await onShift(page);
  await expect(
    page
      .getByRole('region', { name: 'Map without signal' })
      .getByText('The map needs signal where you have not seen it before.'),
  ).toBeVisible();

  await page.reload();
  await expect(
    page.getByText('The map needs signal where you have not seen it before.'),
  ).toBeVisible();
  await page.waitForTimeout(2000);
  expect(tileHost.requests.slice(before)).toEqual([]);
  expect(await page.evaluate(() => caches.has('campus-map'))).toBe(false);
});
