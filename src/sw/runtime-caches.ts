/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

const DAY = 24 * 60 * 60;

/** Runtime cache names (also read by tests). */
export const RUNTIME_CACHES = {
  images: 'listing-images',
  tiles: 'map-tiles',
} as const;

/** Map tiles: our own /tiles/ or any tile server's {z}/{x}/{y} images. */
function isTile(url: URL, request: Request, origin: string): boolean {
  if (url.origin === origin) return url.pathname.startsWith('/tiles/');
  return (
    request.destination === 'image' &&
    /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp)$/.test(url.pathname)
  );
}

/**
 * Listing images and map tiles never change under the same URL: serve them from the cache,
 * capped so a long browsing session cannot fill the phone.
 */
export function registerRuntimeCaches(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;

  registerRoute(
    ({ url }) => url.origin === origin && url.pathname.startsWith('/uploads/'),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  );

  registerRoute(
    ({ url, request }) => isTile(url, request, origin),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.tiles,
      plugins: [
        // Cross-origin tiles arrive opaque (status 0).
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  );
}
