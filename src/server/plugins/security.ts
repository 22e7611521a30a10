import type { FastifyInstance } from 'fastify';
import type { MapTiles } from '../features/tiles/map-tiles.js';
import { forbidden } from '../lib/http-error.js';
import { DEFERRED_START_CSP_HASH } from '../ssr/deferred-start.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin pattern CSP needs for a tile URL template such as https://{s}.tile.example/{z}/{x}/{y}.png */
export function tileOrigin(tileUrl: string): string | null {
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace('{s}', '*'));
  return match?.[1] ?? null;
}

type TileAccess = Pick<MapTiles, 'tileUrl' | 'pagesFetchTiles'>;

/** The service worker's script: its own answer's CSP governs what the worker may fetch. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The service worker's policy. Its fetches (precache, the courier outbox, map tiles it caches)
 * are `connect-src`, so the tile host must be named here too: under the pages' policy the
 * worker could not fetch a single tile. It runs no other code and loads nothing else.
 */
export function workerContentSecurityPolicy({ tileUrl }: TileAccess): string {
  const tiles = tileOrigin(tileUrl);
  return [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src 'self'${tiles ? ` ${tiles}` : ''}`,
  ].join('; ');
}

export function contentSecurityPolicy({ tileUrl, pagesFetchTiles }: TileAccess): string {
  const tiles = tileOrigin(tileUrl);
  // Saving the campus from an outside host (TILE_PREFETCH=1) fetches its tiles from the page.
  const connect = pagesFetchTiles && tiles ? ` ${tiles}` : '';
  return [
    "default-src 'self'",
    // Server-rendered pages carry one inline script, allowed by its hash and nothing else.
    `script-src 'self' ${DEFERRED_START_CSP_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${connect}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Does the Origin header name this server? Both sides are normalised by URL with the origin's
 * scheme, so `Host: campus.example:80` matches `Origin: http://campus.example`.
 */
function isSameOrigin(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

export function registerSecurity(app: FastifyInstance, tiles: TileAccess): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(tiles),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'geolocation=(self), camera=(), microphone=()',
  };
  // A callback hook, not an async one: it runs on every request, and a promise per request
  // costs throughput for nothing when the work is synchronous.
  const workerPolicy = workerContentSecurityPolicy(tiles);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const url = request.url;
    if (url === SERVICE_WORKER_PATH || url.startsWith(`${SERVICE_WORKER_PATH}?`)) {
      reply.header('content-security-policy', workerPolicy);
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // A browser always sends Origin on cross-site unsafe requests; refuse foreign ones (CSRF).
    const origin = request.headers.origin;
    if (UNSAFE_METHODS.has(request.method) && origin !== undefined) {
      if (!isSameOrigin(origin, request.host)) {
        done(forbidden('Requests from other sites are not allowed.', 'cross_site'));
        return;
      }
    }
    done();
  });
}
