/**
 * The saved campus map in Cache Storage (CAMPUS_MAP_CACHE): its tiles under the very addresses
 * the map asks for (the service worker answers from here first), and a receipt of the last
 * complete save. The receipt lives in the same cache, so if the browser ever clears the cache
 * the receipt goes with it and the phone does not claim a map it no longer has.
 */
import { CAMPUS_MAP_CACHE } from '#shared/campus-area.js';

export interface CampusMapReceipt {
  /** The tiles' version (GET /api/config): another version means saving again. */
  version: string;
  tiles: number;
  /** Bytes of the saved tiles; tiles from another host do not tell their size (0). */
  bytes: number;
  savedAt: string;
}

/** A key of the cache only: never requested from the network. */
const RECEIPT_KEY = '/campus-map-saved.json';

export function cacheStorageAvailable(): boolean {
  return typeof caches !== 'undefined';
}

export function openCampusCache(): Promise<Cache> {
  return caches.open(CAMPUS_MAP_CACHE);
}

/** Starts over: "Save again". */
export async function clearCampusCache(): Promise<Cache> {
  await caches.delete(CAMPUS_MAP_CACHE);
  return openCampusCache();
}

export async function readReceipt(cache: Cache): Promise<CampusMapReceipt | null> {
  const saved = await cache.match(RECEIPT_KEY);
  if (!saved) return null;
  try {
    return (await saved.json()) as CampusMapReceipt;
  } catch {
    return null;
  }
}

export function writeReceipt(cache: Cache, receipt: CampusMapReceipt): Promise<void> {
  return cache.put(
    RECEIPT_KEY,
    new Response(JSON.stringify(receipt), { headers: { 'content-type': 'application/json' } }),
  );
}

/**
 * The addresses of the tiles already saved. Tiles not in `keep` (an older archive's, another
 * host's) and a receipt of another version are removed: they would only take up room.
 */
export async function savedTiles(cache: Cache, keep: ReadonlySet<string>): Promise<Set<string>> {
  const saved = new Set<string>();
  const receiptUrl = new URL(RECEIPT_KEY, location.href).href;
  for (const request of await cache.keys()) {
    if (request.url === receiptUrl) continue;
    if (keep.has(request.url)) saved.add(request.url);
    else await cache.delete(request);
  }
  return saved;
}

/** The bytes the saved tiles take (known for our own tiles; opaque ones report 0). */
export async function savedBytes(cache: Cache, urls: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const response = await cache.match(url);
    if (!response || response.type === 'opaque') continue;
    const length = Number(response.headers.get('content-length'));
    bytes += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return bytes;
}
