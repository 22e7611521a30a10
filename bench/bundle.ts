/**
 * Bundle sizes. The headline figure is what a first-time visitor's phone downloads: every JS and
 * CSS response the home page requests in Chromium until the network is idle (no request for
 * 2 s, and not before the service worker is ready), gzip bytes of each body, against a bare React
 * + ReactDOM + react-router app built with the same Vite settings, served and loaded the same way.
 * The service worker's precache is fetched by the worker, not the page: reported on its own line,
 * not counted. The first render alone, from the Vite manifest, stays as a secondary figure, with
 * each lazy route's extra and the code the start loads later.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { devices, type Response } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chunkFiles, type ViteManifest } from '#server/ssr/page-html.js';
import appConfig from '../vite.config.js';
import { launchBrowser } from './lib/browser.js';
import { CLIENT_DIR, ROOT, TMP } from './lib/paths.js';
import { startAppServer } from './lib/server.js';

/** What one page load downloaded: JS and CSS the page asked for, and the worker's precache. */
export interface PageDownload {
  /** gzip kB of each JS and CSS response the page got (path → kB), in the order they came. */
  files: Record<string, number>;
  jsKb: number;
  cssKb: number;
  totalKb: number;
  /** The service worker's own fetches (its precache): JS + CSS gzip kB, and every file's. */
  precacheKb: number;
  precacheAllKb: number;
  precacheFiles: number;
  /** The page had a service worker ready before the network went quiet. */
  serviceWorkerReady: boolean;
  leaflet: boolean;
}

export interface BundleResult {
  /** gzip kB of every JS + CSS response the home page makes until the network is idle. */
  homeKb: number;
  homeJsKb: number;
  homeCssKb: number;
  /** The bare React + react-router app, loaded the same way. */
  bareKb: number;
  homeRatio: number;
  leafletInHome: boolean;
  home: PageDownload;
  /** Of homeKb, what is not in the first render (homeFiles): fetched once the app runs. */
  homeBeyondFirstRenderKb: number;
  bare: PageDownload;
  /** The first render alone, from the Vite manifest (entry, its imports, the home page chunk). */
  firstRender: {
    homeKb: number;
    homeJsKb: number;
    homeCssKb: number;
    bareKb: number;
    homeRatio: number;
  };
  /** Extra gzip kB each lazy route loads on top of what the app loaded at start. */
  routes: Record<string, number>;
  /** The courier map routes (the ones that pull in Leaflet), the same way. */
  courierMapRoutes: Record<string, number>;
  /**
   * Code the app start may load later, after the first render (service worker registration,
   * saved cache, outbox and live events once signed in...), gzip kB each on top of the start,
   * from the manifest. Whichever of these the home page fetches before the network is idle is
   * in homeKb.
   */
  afterFirstRender: Record<string, number>;
  homeFiles: string[];
}

const kb = (bytes: number) => Math.round(bytes / 10) / 100;
const LEAFLET = /leaflet-container/;

function readManifest(dir: string): ViteManifest {
  return JSON.parse(
    fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
}

/** Every file a chunk loads before it runs (the server links pages with the same walk). */
function closure(manifest: ViteManifest, keys: string[]): Set<string> {
  for (const key of keys) if (!manifest[key]) throw new Error(`manifest has no ${key}`);
  return chunkFiles(manifest, keys);
}

/** What index.html itself asks for: the entry script, modulepreloads and stylesheets. */
function htmlAssets(dir: string): string[] {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const found: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = m[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const ref = /\b(?:src|href)="\/?([^"]+\.(?:js|css))"/.exec(tag)?.[1];
    if (!ref) continue;
    if (m[1] === 'script' || rel === 'modulepreload' || rel === 'stylesheet') found.push(ref);
  }
  return found;
}

const gzipSize = (dir: string, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length;

function sizeOf(dir: string, files: Iterable<string>) {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(dir, file);
    else if (file.endsWith('.js')) js += gzipSize(dir, file);
  }
  return { js, css, total: js + css };
}

const entryKeys = (manifest: ViteManifest) =>
  Object.keys(manifest).filter((k) => manifest[k]!.isEntry && k.endsWith('.html'));

/** Builds bench/bare-app with the app's Vite build settings into bench/tmp/bare-dist. */
async function buildBareApp(): Promise<string> {
  const outDir = path.join(TMP, 'bare-dist');
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench', 'bare-app'),
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: appConfig.build?.target,
      modulePreload: appConfig.build?.modulePreload,
      sourcemap: false,
      manifest: true,
    },
  });
  return outDir;
}

/** The bare app's first render from its manifest, as the app's is counted. */
function bareManifestBytes(outDir: string): number {
  const manifest = readManifest(outDir);
  const files = new Set([...closure(manifest, entryKeys(manifest)), ...htmlAssets(outDir)]);
  return sizeOf(outDir, files).total;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The bare build on a static server of its own (index.html for any address, like an SPA). */
async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const wanted = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = path.join(dir, wanted);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(dir, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A page's download with its exact byte total, for the ratio. */
type Measured = PageDownload & { bytes: number };

const QUIET_MS = 2_000;
const IS_CODE = /javascript|text\/css/;

/**
 * Opens `url` as a first-time visitor on a phone-sized Chromium and waits for the network to go
 * quiet: the load event, the service worker ready (if the page registers one, so its precache
 * has run), then no request in flight and none started for 2 s. Counts each JS and CSS response
 * the page got once, by the gzip size of its body (level 6, as the manifest figure).
 */
async function pageDownload(url: string): Promise<Measured> {
  const browser = await launchBrowser();
  try {
    const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
    const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' });
    const page = await context.newPage();
    let inFlight = 0;
    let lastActivity = Date.now();
    const pending: Promise<void>[] = [];
    const pageFiles = new Map<string, { bytes: number; css: boolean; text: string }>();
    const workerFiles = new Map<string, { bytes: number; code: boolean }>();
    context.on('request', () => {
      inFlight++;
      lastActivity = Date.now();
    });
    const settled = () => {
      inFlight--;
      lastActivity = Date.now();
    };
    context.on('requestfailed', settled);
    context.on('requestfinished', settled);
    const record = async (response: Response) => {
      const request = response.request();
      const type = (await response.headerValue('content-type')) ?? '';
      const fromWorker = Boolean(request.serviceWorker());
      const key = new URL(response.url()).pathname;
      const body = await response.body().catch(() => null);
      if (!body) return;
      const bytes = zlib.gzipSync(body).length;
      if (fromWorker) {
        workerFiles.set(key, { bytes, code: IS_CODE.test(type) });
      } else if (IS_CODE.test(type) && !pageFiles.has(key)) {
        pageFiles.set(key, { bytes, css: type.includes('css'), text: body.toString() });
      }
    };
    context.on('response', (response) => {
      pending.push(record(response));
    });
    await page.goto(url, { waitUntil: 'load' });
    const serviceWorkerReady = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) {
        // Registration may wait for the load event or idle time: give it a few seconds.
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        if (!(await navigator.serviceWorker.getRegistration())) return false;
      }
      await navigator.serviceWorker.ready;
      return true;
    });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(pending);
    await context.close();

    const files: Record<string, number> = {};
    let js = 0;
    let css = 0;
    for (const [file, f] of pageFiles) {
      files[file] = kb(f.bytes);
      if (f.css) css += f.bytes;
      else js += f.bytes;
    }
    const worker = [...workerFiles.values()];
    return {
      files,
      jsKb: kb(js),
      cssKb: kb(css),
      totalKb: kb(js + css),
      precacheKb: kb(worker.filter((f) => f.code).reduce((sum, f) => sum + f.bytes, 0)),
      precacheAllKb: kb(worker.reduce((sum, f) => sum + f.bytes, 0)),
      precacheFiles: worker.length,
      serviceWorkerReady,
      leaflet: [...pageFiles.values()].some((f) => LEAFLET.test(f.text)),
      bytes: js + css,
    };
  } finally {
    await browser.close();
  }
}

/** The home page as a first-time visitor gets it from the built server with the demo data. */
async function homeDownload(): Promise<Measured> {
  const dataDir = path.join(TMP, 'bundle');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startAppServer({
    databaseUrl: `sqlite:${path.join(dataDir, 'bundle.db')}`,
    dataDir,
    demoData: true,
  });
  try {
    return await pageDownload(`${server.url}/`);
  } finally {
    await server.stop();
  }
}

async function bareDownload(outDir: string): Promise<Measured> {
  const server = await serveStatic(outDir);
  try {
    return await pageDownload(`${server.url}/`);
  } finally {
    await server.close();
  }
}

function manifestFigures() {
  const manifest = readManifest(CLIENT_DIR);
  const startFiles = new Set([
    ...closure(manifest, entryKeys(manifest)),
    ...htmlAssets(CLIENT_DIR),
  ]);
  const routeKeys = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry);
  const homeKey = routeKeys.find((k) => k.endsWith('catalog/home-page.tsx'));
  if (!homeKey) throw new Error('no lazy home-page chunk in the manifest');
  const homeFiles = new Set([...startFiles, ...closure(manifest, [homeKey])]);
  const home = sizeOf(CLIENT_DIR, homeFiles);
  const hasLeaflet = (files: Iterable<string>) =>
    [...files].some((f) => LEAFLET.test(fs.readFileSync(path.join(CLIENT_DIR, f), 'utf8')));

  const routes: Record<string, number> = {};
  const courierMapRoutes: Record<string, number> = {};
  for (const key of routeKeys) {
    const extra = [...closure(manifest, [key])].filter((f) => !startFiles.has(f));
    const name = path.basename(key).replace(/\.[jt]sx?$/, '');
    (hasLeaflet(extra) ? courierMapRoutes : routes)[name] = kb(sizeOf(CLIENT_DIR, extra).total);
  }
  // Dynamic imports reachable from the start that are not pages: loaded after the first render.
  const afterFirstRender: Record<string, number> = {};
  const seen = new Set<string>();
  // eslint-disable-next-line prefer-const -- the two walkers call each other
  let walk: (key: string) => void;
  const deferred = (key: string) => {
    for (const next of manifest[key]?.dynamicImports ?? []) {
      if (seen.has(next) || next.endsWith('-page.tsx')) continue;
      seen.add(next);
      const extra = [...closure(manifest, [next])].filter((f) => !startFiles.has(f));
      // Source modules by file name; chunks shared with the start by name without the hash.
      const base = path.basename(next).replace(/\.m?[jt]sx?$/, '');
      const name = next.startsWith('_') ? base.slice(1).replace(/-[\w-]{8}$/, '') : base;
      afterFirstRender[name] = kb(sizeOf(CLIENT_DIR, extra).total);
      walk(next);
    }
  };
  const visited = new Set<string>();
  walk = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    deferred(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported);
  };
  entryKeys(manifest).forEach(walk);
  return { home, homeFiles, routes, courierMapRoutes, afterFirstRender };
}

const withoutBytes = ({ bytes: _, ...download }: Measured): PageDownload => download;

export async function runBundle(): Promise<BundleResult> {
  const { home, homeFiles, routes, courierMapRoutes, afterFirstRender } = manifestFigures();
  const bareDir = await buildBareApp();
  const bareFirstRender = bareManifestBytes(bareDir);
  const homeLoad = await homeDownload();
  const bareLoad = await bareDownload(bareDir);
  return {
    homeKb: homeLoad.totalKb,
    homeJsKb: homeLoad.jsKb,
    homeCssKb: homeLoad.cssKb,
    bareKb: bareLoad.totalKb,
    homeRatio: Math.round((homeLoad.bytes / bareLoad.bytes) * 1000) / 1000,
    leafletInHome:
      homeLoad.leaflet ||
      [...homeFiles].some((f) => LEAFLET.test(fs.readFileSync(path.join(CLIENT_DIR, f), 'utf8'))),
    home: withoutBytes(homeLoad),
    homeBeyondFirstRenderKb: kb(
      Object.entries(homeLoad.files)
        .filter(([file]) => !homeFiles.has(file.replace(/^\//, '')))
        .reduce((sum, [, size]) => sum + size * 1000, 0),
    ),
    bare: withoutBytes(bareLoad),
    firstRender: {
      homeKb: kb(home.total),
      homeJsKb: kb(home.js),
      homeCssKb: kb(home.css),
      bareKb: kb(bareFirstRender),
      homeRatio: Math.round((home.total / bareFirstRender) * 1000) / 1000,
    },
    routes,
    courierMapRoutes,
    afterFirstRender,
    homeFiles: [...homeFiles].sort(),
  };
}
