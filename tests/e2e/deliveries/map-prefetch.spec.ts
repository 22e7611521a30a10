/**
 * TILE_PREFETCH=1: the operator has the tile host's permission, so a courier's phone saves the
 * campus from that host (another origin) as it does from the product's own archive.
 */
import { campusTiles, tileAt } from '../../../src/shared/campus-area.js';
import { locationCoords } from '../../../src/shared/locations.js';
import { tileColour } from '../../fixtures/map-tiles';
import { PHONE } from '../delivery-support';
import { expect, signInWithForm } from '../fixtures';
import { expectMapShows, waitForTiles, withTileHost } from '../map-support';
import { deliveryForTom, goOffline, waitForServiceWorker, watchRequests } from '../offline-helpers';

const test = withTileHost({ host: 5, app: 6 }, { TILE_PREFETCH: '1' });
test.use({ ...PHONE });

const CAMPUS = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null });
const key = (t: { z: number; x: number; y: number }) => `${t.z}/${t.x}/${t.y}`;

test("with the host's permission the campus is saved from it, and shown from the phone offline", async ({
  page,
  context,
  playwright,
  baseURL,
  tileHost,
}) => {
  const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!, {
    dropoff: 'Hensill Hall',
  });
  await signInWithForm(page, 'tom');
  await page.goto('/courierPage');
  await waitForServiceWorker(page);
  const status = page.getByRole('region', { name: 'Map without signal' });
  await expect(status.getByText('Campus map saved for offline')).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText(
    new RegExp(`${CAMPUS.length} tiles, \\d+ kB, saved \\d+/\\d+/\\d{4}`),
  );
  const asked = new Set(tileHost.requests.map((p) => p.replace(/^\/|\.png$/g, '')));
  for (const t of CAMPUS) expect(asked.has(key(t)), key(t)).toBe(true);

  const requests = watchRequests(page);
  const streaming = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
  await page.goto(`/courierNav/${deliveryId}`);
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
  await streaming;
  await requests.quiet();
  await goOffline(context);
  await page.getByRole('button', { name: 'PICKED UP' }).click();
  await waitForTiles(page, 18);
  const campus = new Set(CAMPUS.map(key));
  const shown = await expectMapShows(page, (t) =>
    campus.has(key(t)) ? tileColour(t, 'host') : null,
  );
  const hensill = locationCoords('Hensill Hall');
  expect(shown.map(key)).toContain(key(tileAt(hensill.lat, hensill.lng, 18)));
});
