/**
 * The campus map from the product's own archive (MAP_TILES), saved whole on a courier's phone:
 * a phone-sized Chromium with the real service worker and the real server, the network really
 * cut. The archive is drawn for the test (each tile's colour encodes its zoom, column and
 * row) and reaches 400 m beyond the spots, past the 150 m the phone saves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { campusBounds, campusTiles, tileAt, type TileId } from '../../../src/shared/campus-area.js';
import { locationCoords } from '../../../src/shared/locations.js';
import { tileColour, writeMbtiles } from '../../fixtures/map-tiles';
import { onShift, PHONE } from '../delivery-support';
import { expect, signInWithForm, test as base } from '../fixtures';
import {
  expectMapShows,
  standInPort,
  startAppServer,
  waitForTiles,
  type AppServer,
} from '../map-support';
import {
  cachedPaths,
  deliveryForTom,
  goOffline,
  waitForSaved,
  waitForServiceWorker,
} from '../offline-helpers';

const key = (t: TileId) => `${t.z}/${t.x}/${t.y}`;
const ARCHIVE_TILES = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null }, campusBounds(400));
const IN_ARCHIVE = new Set(ARCHIVE_TILES.map(key));
/** What the phone saves: the campus area, zooms 15-19. */
const CAMPUS = new Set(campusTiles({ minZoom: 15, maxZoom: 19, bounds: null }).map(key));

/** Online, the map shows every archive tile; beyond the archive, the bare ground. */
const online = (t: TileId) => (IN_ARCHIVE.has(key(t)) ? tileColour(t, 'archive') : null);
/** Offline after the save: the campus area; elsewhere the quiet placeholder. */
const offline = (t: TileId) => (CAMPUS.has(key(t)) ? tileColour(t, 'archive') : null);

const test = base.extend<object, { app: AppServer }>({
  app: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-e2e-archive-'));
      const file = path.join(dir, 'campus.mbtiles');
      const area = campusBounds(400);
      await writeMbtiles(file, {
        tiles: ARCHIVE_TILES,
        metadata: {
          name: 'Test campus',
          minzoom: '15',
          maxzoom: '19',
          bounds: `${area.west},${area.south},${area.east},${area.north}`,
          attribution: '&copy; Test campus map',
        },
      });
      const app = await startAppServer(standInPort(4), { MAP_TILES: file });
      await use(app);
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

test.use({ ...PHONE });

async function savedCampusTiles(page: Page): Promise<string[]> {
  return (await cachedPaths(page, 'campus-map')).filter((p) => p.startsWith('/tiles/'));
}

/** Signs tom in and opens the courier dashboard, which saves the campus. */
async function goOnShift(page: Page) {
  await signInWithForm(page, 'tom');
  await page.goto('/courierPage');
  await waitForServiceWorker(page);
  await onShift(page);
  const status = page.getByRole('region', { name: 'Map without signal' });
  await expect(status.getByText('Campus map saved for offline')).toBeVisible({ timeout: 30_000 });
  return status;
}

test('a courier goes on shift with signal and the campus map is saved for offline', async ({
  page,
}) => {
  const status = await goOnShift(page);
  await expect(status).toContainText(
    new RegExp(`${CAMPUS.size} tiles, \\d+ kB, saved \\d{1,2}/\\d{1,2}/\\d{4}`),
  );
  await expect(status.getByRole('button', { name: 'Save again' })).toBeEnabled();

  // Every campus tile at every zoom, under the address the map asks for; none of them in the
  // worker's capped cache of tiles seen while browsing.
  const saved = await savedCampusTiles(page);
  expect(saved).toHaveLength(CAMPUS.size);
  expect(new Set(saved.map((p) => /(\d+\/\d+\/\d+)\.png$/.exec(p)![1]))).toEqual(CAMPUS);
  expect(await cachedPaths(page, 'map-tiles')).toHaveLength(0);

  // Opened again, nothing is fetched twice.
  const tileRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/tiles/')) tileRequests.push(r.url());
  });
  await page.reload();
  await expect(status.getByText('Campus map saved for offline')).toBeVisible();
  expect(tileRequests).toEqual([]);
});

test('offline, PICKED UP recentres on a far drop-off and the map is whole at every zoom from 15 to 19', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { deliveryId, buyerEmail } = await deliveryForTom(
    (o) => playwright.request.newContext(o),
    baseURL!,
    { dropoff: 'Annex 1' },
  );
  await goOnShift(page);

  await page.goto(`/courierNav/${deliveryId}`);
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await waitForSaved(page, ['deliveries', 'detail', deliveryId]);
  await waitForTiles(page, 18);
  const atPickup = await expectMapShows(page, online);
  const cafe = locationCoords('Cafe 101');
  expect(atPickup.map(key)).toContain(key(tileAt(cafe.lat, cafe.lng, 18)));

  // The drop-off, 500 m away, has never been on this screen.
  const annex = locationCoords('Annex 1');
  const annexTile = key(tileAt(annex.lat, annex.lng, 18));
  expect(atPickup.map(key)).not.toContain(annexTile);

  // The browser's HTTP cache holds the tiles too (they are immutable), but a phone may drop it
  // any time; only the saved campus is meant to last. Without it, the map must still be whole.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await goOffline(context);
  await page.getByRole('button', { name: 'PICKED UP' }).click();
  await expect(page.getByRole('button', { name: 'FINISH DROP OFF' })).toBeEnabled();
  await waitForTiles(page, 18);
  const atDropoff = await expectMapShows(page, offline);
  expect(atDropoff.map(key)).toContain(annexTile);
  await expect(
    page.locator('.map-marker-label', { hasText: 'Drop off: Annex 1' }),
  ).toBeInViewport();

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await waitForTiles(page, 19);
  expect((await expectMapShows(page, offline)).map(key)).toContain(
    key(tileAt(annex.lat, annex.lng, 19)),
  );
  for (const z of [18, 17, 16, 15]) {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await waitForTiles(page, z);
    const shown = await expectMapShows(page, offline);
    expect(shown.map(key)).toContain(key(tileAt(annex.lat, annex.lng, z)));
  }

  // The buyer's order map draws from the same archive.
  const buyer = await context.browser()!.newContext({ baseURL, ...PHONE });
  const buyerPage = await buyer.newPage();
  await signInWithForm(buyerPage, buyerEmail);
  await buyerPage.goto('/OrderStatus');
  const orderMap = buyerPage.getByRole('region', { name: 'Map of the delivery to Annex 1' });
  await orderMap.scrollIntoViewIfNeeded();
  await waitForTiles(buyerPage);
  expect((await expectMapShows(buyerPage, online)).length).toBeGreaterThan(0);
  await buyer.close();
});
