/**
 * For the map's end-to-end tests: the built server started with a tile setting of its own, a
 * stand-in tile host on another origin, and a reader of what the map shows, pixel by pixel.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import type { TileId } from '../../src/shared/campus-area.js';
import { type Rgb } from '../fixtures/map-tiles';
import { startTileHost, type TileHost } from '../fixtures/tile-host';
import { startAppServer, standInPort, type AppServer } from './app-server';

export { startAppServer, standInPort, startTileHost, type AppServer, type TileHost };

/**
 * Tests against the built server showing tiles of a stand-in host on another origin: the host
 * on the worker's stand-in port `ports.host`, the server on `ports.app` (tests/fixtures/ports.ts)
 * with TILE_URL naming the host, and `env` on top. Both start once per test file.
 */
export function withTileHost(
  ports: { host: number; app: number },
  env: Record<string, string> = {},
) {
  return test.extend<object, { tileHost: TileHost; app: AppServer }>({
    tileHost: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const host = await startTileHost(standInPort(ports.host));
        await use(host);
        await host.close();
      },
      { scope: 'worker' },
    ],
    app: [
      async ({ tileHost }, use) => {
        const app = await startAppServer(standInPort(ports.app), {
          TILE_URL: tileHost.tileUrl,
          ...env,
        });
        await use(app);
        await app.stop();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ app }, use) => use(app.url),
  });
}

/** A point of the map, in the viewport, and what is on top there. */
interface MapPoint {
  x: number;
  y: number;
  /**
   * The tile drawn there; `missing` when no image is (the map's bare ground), the tile being
   * the one that would be there. 'cover': something else is on top.
   */
  on: (TileId & { nearEdge: boolean; missing: boolean }) | 'cover';
}

/**
 * Where the map's tiles are on screen, and whether Leaflet is still changing the picture:
 * panning or zooming it, or fading a tile in (Leaflet sets a loaded tile's opacity from script,
 * 0 to 1 over 200 ms, once per animation frame: a busy machine draws fewer frames).
 */
function mapPlacement(page: Page): Promise<{ at: string; moving: boolean }> {
  return page.evaluate(() => {
    const pane = document.querySelector<HTMLElement>('.leaflet-map-pane');
    const tile = document.querySelector('img.leaflet-tile')?.getBoundingClientRect();
    const fading = [...document.querySelectorAll<HTMLElement>('img.leaflet-tile-loaded')].some(
      (t) => t.style.opacity !== '' && Number(t.style.opacity) < 1,
    );
    return {
      at: `${pane?.style.transform} ${tile?.left},${tile?.top},${tile?.width}`,
      moving:
        fading ||
        ['leaflet-pan-anim', 'leaflet-zoom-anim'].some((c) => pane?.classList.contains(c)),
    };
  });
}

/**
 * Points every 16 px over the part of the map inside the viewport, each with the element a
 * person sees there: a tile, or something over the map (marker, label, control, header).
 */
async function readMapPoints(page: Page): Promise<{ points: MapPoint[]; ground: Rgb }> {
  return page.evaluate(() => {
    const map = document.querySelector<HTMLElement>('.leaflet-container')!;
    const box = map.getBoundingClientRect();
    const points: MapPoint[] = [];
    const rect = (el: Element) => el.getBoundingClientRect();
    const within = (x: number, y: number, r: DOMRect, pad = 0) =>
      x >= r.left - pad && x < r.right + pad && y >= r.top - pad && y < r.bottom + pad;
    // Leaflet makes tiles and non-interactive markers transparent to hit-testing, so those
    // (with room for the markers' shadows)
    // are found by where they are drawn; anything else on top (controls, the page's header,
    // a loading screen) by hit-testing.
    const markers = [...map.querySelectorAll('.leaflet-marker-icon, .leaflet-marker-icon *')].map(
      rect,
    );
    const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].reverse();
    const idOf = (img: HTMLImageElement) =>
      /(\d+)\/(\d+)\/(\d+)\.\w+$/.exec(img.src)!.slice(1).map(Number) as [number, number, number];
    // Where a point is on the world map, worked out from any tile on screen.
    const reference = tiles[0]!;
    const [rz, rx, ry] = idOf(reference);
    const rr = rect(reference);
    const tileAtPoint = (x: number, y: number) => ({
      z: rz,
      x: Math.floor(rx + (x - rr.left) / rr.width),
      y: Math.floor(ry + (y - rr.top) / rr.height),
    });
    // Not the outermost pixels: the page around the map may cast a shadow on them.
    const bottom = Math.min(box.bottom, window.innerHeight) - 4;
    const right = Math.min(box.right, window.innerWidth) - 4;
    for (let y = Math.max(box.top, 0) + 8; y < bottom; y += 16) {
      for (let x = Math.max(box.left, 0) + 8; x < right; x += 16) {
        const top = document.elementFromPoint(x, y);
        const bare = top === map || top?.classList.contains('leaflet-pane');
        if (!bare || markers.some((r) => within(x, y, r, 8))) {
          points.push({ x, y, on: 'cover' });
          continue;
        }
        const tile = tiles.find((img) => within(x, y, rect(img)));
        if (!tile) {
          points.push({ x, y, on: { ...tileAtPoint(x, y), nearEdge: false, missing: true } });
          continue;
        }
        const [z, tx, ty] = idOf(tile);
        const r = rect(tile);
        // Within 2 px of a tile's edge, the screen may blend it with its neighbour.
        const nearEdge = !within(x, y, new DOMRect(r.x + 2, r.y + 2, r.width - 4, r.height - 4));
        points.push({ x, y, on: { z, x: tx, y: ty, nearEdge, missing: false } });
      }
    }
    const [r, g, b] = getComputedStyle(map).backgroundColor.match(/\d+/g)!.map(Number);
    return { points, ground: { r: r!, g: g!, b: b! } };
  });
}

/**
 * Waits until the map shows loaded tiles of one zoom only (`z` if given) and any loading
 * screen has gone; returns that zoom.
 */
export async function waitForTiles(page: Page, z?: number): Promise<number> {
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
  let zoom = -1;
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => {
          const imgs = [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
          const zooms = new Set(imgs.map((img) => /(\d+)\/\d+\/\d+\.\w+$/.exec(img.src)?.[1]));
          const loaded = imgs.every(
            (img) => img.complete && img.classList.contains('leaflet-tile-loaded'),
          );
          return { count: imgs.length, zooms: [...zooms], loaded };
        });
        zoom = state.zooms.length === 1 ? Number(state.zooms[0]) : -1;
        return state.count > 0 && state.loaded && zoom >= 0 && (z === undefined || zoom === z);
      },
      {
        message: `the map shows loaded tiles of ${z === undefined ? 'one zoom' : `zoom ${z}`}`,
        // Drawing a zoom's tiles from the saved campus takes seconds on a loaded machine.
        timeout: 30_000,
      },
    )
    .toBe(true);
  return zoom;
}

/**
 * Reads the map's pixels and checks every visible point against what it should show: its
 * tile's colour (which encodes zoom, column and row) or, where `expected` says null, the
 * map's plain ground (a blank placeholder tile, or no tile at all). Points under markers,
 * labels and controls, and near tile edges, are skipped. Returns the tiles seen.
 */
export async function expectMapShows(
  page: Page,
  expected: (tile: TileId) => Rgb | null,
): Promise<TileId[]> {
  // Where the tiles are and what the screen shows must be read with the map at rest: a pan
  // (Leaflet animates a short recentre) moving between the two would misplace every point, and
  // a tile still fading in shows a paler colour than its own.
  let read: { points: MapPoint[]; ground: Rgb; shot: Buffer } | undefined;
  await expect
    .poll(
      async () => {
        const before = await mapPlacement(page);
        const { points, ground } = await readMapPoints(page);
        const shot = await page.screenshot({ animations: 'disabled', scale: 'css' });
        const after = await mapPlacement(page);
        const still = !before.moving && !after.moving && before.at === after.at;
        if (still) read = { points, ground, shot };
        return still;
      },
      { message: 'the map comes to rest' },
    )
    .toBe(true);
  const { points, ground, shot } = read!;
  const { data, info } = await sharp(shot)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): Rgb => {
    const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
    return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
  };

  const seen = new Map<string, TileId>();
  const wrong: string[] = [];
  for (const { x, y, on } of points) {
    if (on === 'cover' || on.nearEdge) continue;
    const id = { z: on.z, x: on.x, y: on.y };
    const name = `${id.z}/${id.x}/${id.y}`;
    const wanted = expected(id);
    if (on.missing) {
      // No tile there is right only where there is none to show: the bare ground.
      if (wanted !== null) wrong.push(`(${x}, ${y}): tile ${name} is missing`);
    } else {
      seen.set(name, id);
    }
    const want = wanted ?? ground;
    const got = pixel(x, y);
    const off = Math.max(
      Math.abs(got.r - want.r),
      Math.abs(got.g - want.g),
      Math.abs(got.b - want.b),
    );
    if (off > 10) {
      wrong.push(
        `tile ${name} at (${x}, ${y}): rgb(${got.r}, ${got.g}, ${got.b}), expected rgb(${want.r}, ${want.g}, ${want.b})`,
      );
    }
  }
  if (wrong.length) await test.info().attach('map', { body: shot, contentType: 'image/png' });
  expect(wrong.slice(0, 10), `${wrong.length} wrong points`).toEqual([]);
  const covered = points.filter((p) => p.on === 'cover').length;
  expect(covered / points.length, 'share of the map under something else').toBeLessThan(0.5);
  return [...seen.values()];
}
