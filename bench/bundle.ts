/**
 * Bundle sizes: gzip bytes of the JS and CSS each route loads, from the Vite manifest of the
 * built app, against a bare React + ReactDOM + react-router app built in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chunkFiles, type ViteManifest } from '#server/ssr/page-html.js';
import appConfig from '../vite.config.js';
import { CLIENT_DIR, ROOT, TMP } from './lib/paths.js';

export interface BundleResult {
  /** gzip kB of the JS + CSS the home route loads (entry, its imports, the home page chunk). */
  homeKb: number;
  homeJsKb: number;
  homeCssKb: number;
  bareKb: number;
  homeRatio: number;
  leafletInHome: boolean;
  /** Extra gzip kB each lazy route loads on top of what the app loaded at start. */
  routes: Record<string, number>;
  /** The courier map routes (the ones that pull in Leaflet), the same way. */
  courierMapRoutes: Record<string, number>;
  /**
   * Code the app start loads later, after the first render (service worker registration,
   * saved cache, outbox and live events once signed in...), gzip kB each on top of the start.
   * Not in homeKb, like dynamic imports in Next.js's "First Load JS"; listed for the record.
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

/** Builds bench/bare-app with the app's Vite build settings; returns its home gzip bytes. */
async function bareAppBytes(): Promise<number> {
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
  const manifest = readManifest(outDir);
  const files = new Set([...closure(manifest, entryKeys(manifest)), ...htmlAssets(outDir)]);
  return sizeOf(outDir, files).total;
}

export async function runBundle(): Promise<BundleResult> {
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
  const bare = await bareAppBytes();
  return {
    homeKb: kb(home.total),
    homeJsKb: kb(home.js),
    homeCssKb: kb(home.css),
    bareKb: kb(bare),
    homeRatio: Math.round((home.total / bare) * 1000) / 1000,
    leafletInHome: hasLeaflet(homeFiles),
    routes,
    courierMapRoutes,
    afterFirstRender,
    homeFiles: [...homeFiles].sort(),
  };
}
