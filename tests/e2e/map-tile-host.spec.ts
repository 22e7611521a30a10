/**
 * The courier's map from an outside tile host (TILE_URL on another origin), as an installed
 * app shows it: through the service worker, with and without a network.
 */
import { DEMO_PASSWORD, demoEmail, expect, test as base } from './fixtures';
import { PHONE } from './delivery-support';
import {
  expectMapShows,
  standInPort,
  startAppServer,
  startTileHost,
  waitForTiles,
  type AppServer,
  type TileHost,
} from './map-support';
import {
  deliveryForTom,
  goOffline,
  signInWithForm,
  waitForSaved,
  waitForServiceWorker,
} from './offline-helpers';
import { tileColour } from '../fixtures/map-tiles';

const test = base.extend<object, { tileHost: TileHost; app: AppServer }>({
  tileHost: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startTileHost(standInPort(1));
      await use(host);
      await host.close();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ tileHost }, use) => {
      const app = await startAppServer(standInPort(2), { TILE_URL: tileHost.tileUrl });
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

test.use({ ...PHONE });

test("under the service worker the courier's map shows the tile host's tiles, and offline the ones it showed", async ({
  page,
  context,
  playwright,
  baseURL,
  tileHost,
}) => {
  const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!);
  await signInWithForm(page, demoEmail('tom'), DEMO_PASSWORD);
  await page.goto(`/courierNav/${deliveryId}`);
  await waitForServiceWorker(page);
  await waitForSaved(page, ['deliveries', 'detail', deliveryId]);

  // Now the worker controls the page, as on every visit of an installed app.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  const before = tileHost.requests.length;
  await waitForTiles(page, 18);
  const online = await expectMapShows(page, (tile) => tileColour(tile, 'host'));
  expect(online.length).toBeGreaterThanOrEqual(2);
  // Those tiles came through the worker, from the host, into the worker's tile cache.
  expect(tileHost.requests.length).toBeGreaterThan(before);
  const cached = await page.evaluate(async () =>
    (await (await caches.open('map-tiles')).keys()).map((r) => new URL(r.url).pathname),
  );
  for (const t of online) expect(cached).toContain(`/${t.z}/${t.x}/${t.y}.png`);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await waitForTiles(page, 18);
  const offline = await expectMapShows(page, (tile) => tileColour(tile, 'host'));
  expect(offline.map((t) => `${t.z}/${t.x}/${t.y}`).sort()).toEqual(
    online.map((t) => `${t.z}/${t.x}/${t.y}`).sort(),
  );
});
