/**
 * The campus map archive (MAP_TILES): served on our own origin at a versioned address, read
 * from an MBTiles file the test draws itself (no map data can be fetched here).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTileArchive } from '#server/features/tiles/archive.js';
import { loadConfig } from '#server/config.js';
import { API } from '#shared/api-paths.js';
import { campusBounds, campusTiles, tileAt, type TileId } from '#shared/campus-area.js';
import { locationCoords } from '#shared/locations.js';
import type { ClientConfig } from '#shared/schemas/config.js';
import { tileColour, writeMbtiles } from '../../fixtures/map-tiles.js';
import { as, createTestApp, type TestContext } from '../harness.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-tiles-'));
const archiveFile = path.join(tmp, 'campus.mbtiles');
const area = campusBounds();
const TILES = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null });
const BOUNDS = `${area.west},${area.south},${area.east},${area.north}`;

let ctx: TestContext;
let config: ClientConfig;
const tilePath = ({ z, x, y }: TileId, ext = 'png') =>
  config.tileUrl
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', `${y}`)
    .replace(/png$/, ext);

beforeAll(async () => {
  await writeMbtiles(archiveFile, {
    tiles: TILES,
    metadata: {
      name: 'Test campus',
      minzoom: '15',
      maxzoom: '19',
      bounds: BOUNDS,
      attribution:
        '<a href="https://www.openstreetmap.org/copyright" onclick="steal()">&copy; OpenStreetMap contributors</a><script>alert(1)</script>',
    },
  });
  ctx = await createTestApp({ env: { MAP_TILES: archiveFile } });
  config = (await as(ctx).get(API.config)).json();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function centreColour(png: Buffer) {
  const { data } = await sharp(png)
    .removeAlpha()
    .extract({ left: 128, top: 128, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0], g: data[1], b: data[2] };
}

describe('GET /api/config with MAP_TILES', () => {
  it("hands out the archive's versioned address, zooms, bounds and cleaned attribution", () => {
    expect(config.tileUrl).toMatch(/^\/tiles\/[0-9a-f]{16}\/\{z\}\/\{x\}\/\{y\}\.png$/);
    expect(config.tiles).toEqual({
      source: 'archive',
      version: config.tileUrl.split('/')[2],
      attribution:
        '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>&lt;script&gt;alert(1)&lt;/script&gt;',
      minZoom: 15,
      maxZoom: 19,
      bounds: { west: area.west, south: area.south, east: area.east, north: area.north },
      saveOffline: true,
    });
  });

  it('names only this origin for tiles in both policies', async () => {
    const sw = await as(ctx).get('/sw.js');
    expect(sw.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(sw.headers['content-security-policy']).not.toMatch(/openstreetmap|https?:/);
    const api = await as(ctx).get(API.config);
    expect(api.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
  });
});

describe('GET /tiles/<version>/<z>/<x>/<y>.png', () => {
  it('answers a campus tile as an immutable PNG: the right one, rows counted from the north', async () => {
    const library = locationCoords('Library');
    for (const z of [15, 17, 19]) {
      const tile = tileAt(library.lat, library.lng, z);
      const res = await as(ctx).get(tilePath(tile));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBeUndefined();
      // The colour says which tile it is: MBTiles' flipped rows were turned back.
      expect(await centreColour(res.rawPayload)).toEqual(tileColour(tile, 'archive'));
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const tile = TILES[0]!;
    const res = await as(ctx).raw({ method: 'GET', url: tilePath(tile) });
    const head = await ctx.app.inject({ method: 'HEAD', url: tilePath(tile) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(head.body).toBe('');
  });

  it('answers a tile outside the archive with 404 and an empty body', async () => {
    for (const tile of [
      { z: 19, x: 0, y: 0 },
      tileAt(37.7219, -122.4782, 14),
      tileAt(37.7219, -122.4782, 20),
    ]) {
      const res = await as(ctx).get(tilePath(tile));
      expect(res.statusCode, JSON.stringify(tile)).toBe(404);
      expect(res.body).toBe('');
    }
  });

  it('sends a page still holding an older version to the current one', async () => {
    const tile = TILES[0]!;
    const res = await as(ctx).get(tilePath(tile).replace(config.tiles.version, '0123456789abcdef'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(tilePath(tile));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['zoom above 22', (v: string) => `/tiles/${v}/23/0/0.png`, /zoom must be 0 to 22/],
    ['x beyond the zoom', (v: string) => `/tiles/${v}/2/4/0.png`, /x and y must be 0 to 3/],
    ['y beyond the zoom', (v: string) => `/tiles/${v}/0/0/1.png`, /x and y must be 0 to 0/],
    ['a negative number', (v: string) => `/tiles/${v}/18/-1/5.png`, /not a map tile address/],
    ['a leading zero', (v: string) => `/tiles/${v}/018/1/5.png`, /not a map tile address/],
    ['a fraction', (v: string) => `/tiles/${v}/18/1.5/5.png`, /not a map tile address/],
    [
      'a huge number',
      (v: string) => `/tiles/${v}/18/1/${'9'.repeat(40)}.png`,
      /not a map tile address/,
    ],
    ['another format', (v: string) => `/tiles/${v}/18/1/5.jpg`, /not a map tile address/],
    ['no format', (v: string) => `/tiles/${v}/18/1/5`, /not a map tile address/],
    ['a name', (v: string) => `/tiles/${v}/18/1/campus.png`, /not a map tile address/],
    ['a bad version', () => '/tiles/..%2f..%2f/18/1/5.png', /not a map tile address/],
    [
      'an escaped climb',
      (v: string) => `/tiles/${v}/..%2f..%2f/1/package.json`,
      /not a map tile address/,
    ],
    [
      'an escaped file',
      (v: string) => `/tiles/${v}/1/1/..%2f..%2f..%2fpackage.json`,
      /not a map tile address/,
    ],
    ['a bad escape', (v: string) => `/tiles/${v}/1/1/%E0%A4%A.png`, /not valid/],
  ])('refuses %s with 400 and a readable message', async (_name, url, message) => {
    const res = await as(ctx).get(url(config.tiles.version));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it.each([
    '/tiles/../../package.json',
    '/tiles/x/../../../etc/passwd',
    '/tiles/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/tiles/v/18/1/2/3.png',
    '/tiles/',
  ])('answers a path that is no tile (%s) with a 4xx, never a file', async (url) => {
    const res = await as(ctx).get(url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/"name"|root:/);
  });
});

describe('attribution and defaults', () => {
  it("prefers MAP_ATTRIBUTION to the archive's own", async () => {
    const other = await createTestApp({
      env: { MAP_TILES: archiveFile, MAP_ATTRIBUTION: 'Campus map © SFSU & OpenStreetMap' },
    });
    try {
      const res = (await as(other).get(API.config)).json() as ClientConfig;
      expect(res.tiles.attribution).toBe('Campus map © SFSU &amp; OpenStreetMap');
      expect(res.tiles.version).toBe(config.tiles.version);
    } finally {
      await other.close();
    }
  });

  it('takes zooms and bounds from the tiles when the metadata leaves them out', async () => {
    const file = path.join(tmp, 'bare.mbtiles');
    const tiles = TILES.filter((t) => t.z >= 17);
    await writeMbtiles(file, { tiles, metadata: { format: null } });
    const archive = await openTileArchive(file);
    try {
      expect(archive.format).toBe('png');
      expect([archive.minZoom, archive.maxZoom]).toEqual([17, 19]);
      expect(archive.attribution).toBeNull();
      // The zoom-19 tiles' outer edges: the campus area, out to the edges of its tiles.
      expect(archive.bounds.west).toBeLessThanOrEqual(area.west);
      expect(archive.bounds.east).toBeGreaterThanOrEqual(area.east);
      expect(archive.bounds.south).toBeLessThanOrEqual(area.south);
      expect(archive.bounds.north).toBeGreaterThanOrEqual(area.north);
      expect(archive.bounds.east - archive.bounds.west).toBeLessThan(
        area.east - area.west + 0.0015,
      );
    } finally {
      archive.close();
    }
  });

  it('keeps the zoom range to the levels the archive holds, whatever its metadata claims', async () => {
    const file = path.join(tmp, 'claims.mbtiles');
    await writeMbtiles(file, {
      tiles: TILES.filter((t) => t.z >= 16 && t.z <= 18),
      metadata: { minzoom: '11', maxzoom: '20' },
    });
    const archive = await openTileArchive(file);
    try {
      expect([archive.minZoom, archive.maxZoom]).toEqual([16, 18]);
    } finally {
      archive.close();
    }
  });

  it('serves jpg and webp archives with their own content type', async () => {
    for (const [format, type] of [
      ['jpg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const file = path.join(tmp, `campus-${format}.mbtiles`);
      await writeMbtiles(file, { tiles: TILES.slice(0, 2), format });
      const app = await createTestApp({ env: { MAP_TILES: file } });
      try {
        const cfg = (await as(app).get(API.config)).json() as ClientConfig;
        expect(cfg.tileUrl.endsWith(`.${format}`)).toBe(true);
        const { z, x, y } = TILES[0]!;
        const res = await as(app).get(
          cfg.tileUrl.replace('{z}', `${z}`).replace('{x}', `${x}`).replace('{y}', `${y}`),
        );
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
      } finally {
        await app.close();
      }
    }
  });

  it('leaves /tiles/ alone and hands out TILE_URL without MAP_TILES', async () => {
    const plain = await createTestApp({
      env: { TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' },
    });
    try {
      expect((await as(plain).get(tilePath(TILES[0]!))).statusCode).toBe(404);
      const res = (await as(plain).get(API.config)).json() as ClientConfig;
      expect(res.tileUrl).toBe('https://{s}.tiles.example/{z}/{x}/{y}.png');
      expect(res.tiles).toMatchObject({ source: 'host', bounds: null, saveOffline: false });
    } finally {
      await plain.close();
    }
  });
});

describe('start-up with a bad MAP_TILES', () => {
  it('refuses a missing file at configuration time', () => {
    expect(() => loadConfig({ MAP_TILES: path.join(tmp, 'nowhere.mbtiles') })).toThrow(
      /MAP_TILES: .*nowhere\.mbtiles is missing or not a readable file/,
    );
    expect(() => loadConfig({ MAP_TILES: tmp })).toThrow(
      /MAP_TILES: .* is missing or not a readable file/,
    );
  });

  it.each([
    [
      'a text file',
      async (file: string) => fs.writeFileSync(file, 'not a database'),
      /file is not a database/,
    ],
    [
      'a database without tiles',
      async (file: string) => writeMbtiles(file, { tiles: [] }),
      /has no tiles/,
    ],
    [
      'vector tiles',
      async (file: string) =>
        writeMbtiles(file, { tiles: TILES.slice(0, 1), metadata: { format: 'pbf' } }),
      /vector tiles/,
    ],
  ])('refuses %s with a message naming the file', async (_name, make, reason) => {
    const file = path.join(tmp, `bad-${Math.random().toString(36).slice(2)}.mbtiles`);
    await make(file);
    await expect(openTileArchive(file)).rejects.toThrow(
      new RegExp(
        `MAP_TILES: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a usable MBTiles archive: .*${reason.source}`,
      ),
    );
  });

  it('stops the real server with that message and exit code 1, before opening the database', async () => {
    const bad = path.join(tmp, 'broken.mbtiles');
    fs.writeFileSync(bad, 'not a database');
    const dbFile = path.join(tmp, 'never.db');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: `sqlite:${dbFile}`,
        DATA_DIR: tmp,
        DEMO_DATA: '0',
        MAP_TILES: bad,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `MAP_TILES: ${bad} is not a usable MBTiles archive: file is not a database`,
    );
    expect(fs.existsSync(dbFile)).toBe(false);
  });
});
