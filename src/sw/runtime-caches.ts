/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { registerRoute } from 'workbox-routing';
import { CAMPUS_MAP_CACHE } from '#shared/campus-area.js';
import { READ_DEADLINE_MS } from '#shared/deadlines.js';
import { OFFLINE_IMAGE } from './offline-image';
import { SturdyCacheFirst, whole } from './sturdy-cache-first';

const DAY = 24 * 60 * 60;

/** A transparent PNG: an unreachable map tile leaves the map blank, markers and labels stay. */
const BLANK_TILE = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
);

/** What the page gets when the network and the cache both fail. */
function fallback(body: BodyInit, type: string, report?: (url: string, error: unknown) => void) {
  return {
    handlerDidError: async ({ request, error }) => {
      report?.(request.url, error);
      return new Response(body, {
        status: 200,
        headers: { 'content-type': type, 'cache-control': 'no-store' },
      });
    },
  } satisfies WorkboxPlugin;
}

/**
 * The worker's own fetch of a picture or a tile gives up at the read deadline, as the page's
 * requests do: on Wi-Fi that hangs, a fetch left waiting would hold one of the six connections
 * the browser keeps to a host for good, and once six hang nothing of the app goes out, even
 * after the network is back. A fetch given up falls back like any failure (blank tile, placeholder).
 */
const deadline = {
  requestWillFetch: async ({ request }) =>
    new Request(request, { signal: AbortSignal.timeout(READ_DEADLINE_MS) }),
} satisfies WorkboxPlugin;

/**
 * Offline, a missing tile is expected and stays quiet. With a network it is a fault (a tile
 * host the worker may not reach, a host that is down) that the blank tile would otherwise hide
 * from whoever develops or runs the app, so it goes to the worker's console.
 */
function reportTileFailure(scope: ServiceWorkerGlobalScope) {
  return (url: string, error: unknown) => {
    if (!scope.navigator.onLine) return;
    console.warn(`Map tile not loaded: ${url}`, error);
  };
}

/** Runtime cache names (also read by tests). */
export const RUNTIME_CACHES = {
  images: 'listing-images',
  tiles: 'map-tiles',
} as const;

/**
 * Map tiles the map shows: our own /tiles/ or any tile server's {z}/{x}/{y} images. Only
 * images: the page's own fetches of tiles (saving the campus map) go to the network and into
 * the campus cache, not through the capped cache.
 */
function isTile(url: URL, request: Request, origin: string): boolean {
  if (request.destination !== 'image') return false;
  if (url.origin === origin) return url.pathname.startsWith('/tiles/');
  return /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp)$/.test(url.pathname);
}

/** Listing pictures (/uploads/): cached, and the offline placeholder when none can be had. */
export function listingImages(): SturdyCacheFirst {
  return new SturdyCacheFirst({
    cacheName: RUNTIME_CACHES.images,
    plugins: [
      deadline,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      fallback(OFFLINE_IMAGE, 'image/svg+xml'),
    ],
  });
}

/**
 * Listing images and map tiles never change under the same URL: serve them from the cache,
 * capped so a long browsing session cannot fill the phone. Whatever happens to a cache, the
 * page gets the picture from the network or the placeholder, never a failed request
 * (SturdyCacheFirst).
 */
export function registerRuntimeCaches(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;

  registerRoute(
    ({ url }) => url.origin === origin && url.pathname.startsWith('/uploads/'),
    listingImages(),
  );

  const seenTiles = new SturdyCacheFirst({
    cacheName: RUNTIME_CACHES.tiles,
    plugins: [
      deadline,
      // Cross-origin tiles arrive opaque (status 0).
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      fallback(BLANK_TILE, 'image/png', reportTileFailure(scope)),
    ],
  });
  // The campus area the courier's phone saved whole (features/deliveries/courier/api/campus-map-save.ts)
  // comes first; it lives in a cache of its own, which no expiry or browsing evicts.
  registerRoute(
    ({ url, request }) => isTile(url, request, origin),
    async (options) => {
      const saved = await caches
        .open(CAMPUS_MAP_CACHE)
        .then((cache) => cache.match(options.request, { ignoreVary: true }))
        .then((found) => (found ? whole(found) : undefined))
        .catch(() => undefined);
      return saved ?? seenTiles.handle(options);
    },
  );
}
