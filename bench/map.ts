/**
 * The campus map (MAP_TILES): the tile endpoint under autocannon (50 connections) against a
 * static-file floor answering the same tile, and the campus save on a courier's phone
 * (Chromium), on the local network and on the emulated campus network. The archive is drawn
 * for the run (tiles with a grid and their name, no map data): real map tiles are larger.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'autocannon';
import SQLite from 'better-sqlite3';
import { campusBounds, campusTiles, tileAt, tileUrl } from '#shared/campus-area.js';
import { locationCoords } from '#shared/locations.js';
import { writeMbtiles } from '../tests/fixtures/map-tiles.js';
import { cannon, CONNECTIONS, DURATION, mean, round, warmUp, type ScenarioResult } from './api.js';
import { CAMPUS_NETWORK, launchBrowser } from './lib/browser.js';
import { signInOnPage } from './lib/demo-delivery.js';
import { processMemoryMb } from './lib/process-memory.js';
import { ROOT, TMP } from './lib/paths.js';
import { startAppServer, startNodeServer, type RunningServer } from './lib/server.js';

export interface SaveRun {
  seconds: number;
  tiles: number;
  bytes: number;
}

export interface MapResult {
  archive: { tiles: number; megabytes: number; bytesPerTile: number };
  connections: number;
  secondsPerRun: number;
  /** One campus tile, app against the static-file floor. */
  tile: ScenarioResult;
  /** Every campus tile in turn (what a phone's save asks for), app only. */
  campusTiles: ScenarioResult;
  tileP99: number;
  tileRatio: number;
  peakRssMb: number;
  /** Opening the courier dashboard to "Campus map saved for offline". */
  save: {
    tiles: number;
    bytes: number;
    /** Median of the local runs. */
    localSeconds: number;
    localRuns: number[];
    campusNetworkSeconds: number;
    network: string;
  };
}

const LOCAL_SAVE_RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The campus with 400 m around it, at zooms 15-19, as an operator's archive would hold. */
async function makeArchive(file: string) {
  const tiles = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null }, campusBounds(400));
  const area = campusBounds(400);
  await writeMbtiles(file, {
    tiles,
    detail: true,
    metadata: {
      name: 'Bench campus',
      minzoom: '15',
      maxzoom: '19',
      bounds: `${area.west},${area.south},${area.east},${area.north}`,
      attribution: '&copy; OpenStreetMap contributors',
    },
  });
  const bytes = fs.statSync(file).size;
  return { tiles: tiles.length, megabytes: round(bytes / 1e6, 2), bytesPerTile: 0 };
}

/** Signs tom in, opens the dashboard and times it until the campus is saved. */
async function timeSave(baseURL: string, throttled: boolean): Promise<SaveRun> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await signInOnPage(page, 'tom');
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', CAMPUS_NETWORK);
    }
    const started = Date.now();
    await page.goto('/courierPage');
    await page.getByText('Campus map saved for offline').waitFor({ timeout: 180_000 });
    const seconds = round((Date.now() - started) / 1000, 1);
    const receipt = await page.evaluate(async () => {
      const saved = await (await caches.open('campus-map')).match('/campus-map-saved.json');
      return (await saved!.json()) as { tiles: number; bytes: number };
    });
    await context.close();
    return { seconds, tiles: receipt.tiles, bytes: receipt.bytes };
  } finally {
    await browser.close();
  }
}

export async function runMap(): Promise<MapResult> {
  const dir = path.join(TMP, 'map');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
  const file = path.join(dir, 'campus.mbtiles');
  const archive = await makeArchive(file);

  let app: RunningServer | undefined;
  let floor: RunningServer | undefined;
  try {
    app = await startAppServer({
      databaseUrl: `sqlite:${path.join(dir, 'web.db')}`,
      dataDir: dir,
      demoData: true,
      env: { MAP_TILES: file },
    });
    const server = app;
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
      tileUrl: string;
    };
    // The Library's tile at zoom 18, the courier screen's zoom.
    const library = locationCoords('Library');
    const tilePath = tileUrl(config.tileUrl, tileAt(library.lat, library.lng, 18));
    const tile = Buffer.from(await (await fetch(server.url + tilePath)).arrayBuffer());
    fs.writeFileSync(path.join(dir, 'static', 'tile.png'), tile);
    const db = new SQLite(file, { readonly: true });
    const stored = db
      .prepare('select sum(length(tile_data)) as b, count(*) as n from tiles')
      .get() as {
      b: number;
      n: number;
    };
    db.close();
    archive.bytesPerTile = Math.round(stored.b / stored.n);

    floor = await startNodeServer(
      path.join(ROOT, 'bench', 'floor-server.ts'),
      { FLOOR_STATIC_DIR: path.join(dir, 'static') },
      '/ready',
    );
    const bare = floor;
    const appUrl = server.url + tilePath;
    const floorUrl = `${bare.url}/static/tile.png`;
    await warmUp(appUrl);
    await warmUp(floorUrl);
    const a1 = await cannon(appUrl);
    const f1 = await cannon(floorUrl);
    const f2 = await cannon(floorUrl);
    const a2 = await cannon(appUrl);
    const s = mean(a1, a2);
    const f = mean(f1, f2);
    const tileResult: ScenarioResult = {
      ...s,
      responseBytes: tile.length,
      floorReqPerSec: f.reqPerSec,
      floorP99: f.p99,
      ratio: round(s.reqPerSec / f.reqPerSec, 2),
    };

    const campus = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null });
    const requests: Request[] = campus.map((t) => ({
      method: 'GET',
      path: tileUrl(config.tileUrl, t),
    }));
    const tour = await cannon(server.url, requests, 2);
    const peakRssMb = round(processMemoryMb(server.pid)?.peak ?? NaN);

    const localRuns: SaveRun[] = [];
    for (let i = 0; i < LOCAL_SAVE_RUNS; i++) localRuns.push(await timeSave(server.url, false));
    const slow = await timeSave(server.url, true);
    return {
      archive,
      connections: CONNECTIONS,
      secondsPerRun: DURATION,
      tile: tileResult,
      campusTiles: { ...tour, path: `${campus.length} campus tiles in turn` },
      tileP99: tileResult.p99,
      tileRatio: tileResult.ratio!,
      peakRssMb,
      save: {
        tiles: slow.tiles,
        bytes: slow.bytes,
        localSeconds: median(localRuns.map((r) => r.seconds)),
        localRuns: localRuns.map((r) => r.seconds),
        campusNetworkSeconds: slow.seconds,
        network: `${CAMPUS_NETWORK.latency} ms RTT, ${round((CAMPUS_NETWORK.downloadThroughput * 8) / 1024 / 1024, 1)} Mbps down`,
      },
    };
  } finally {
    await app?.stop();
    await floor?.stop();
  }
}
