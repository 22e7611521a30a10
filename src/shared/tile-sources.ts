/**
 * Where map tiles come from when nothing else is said, without zod: the map's code loads this,
 * and the schemas stay out of the courier's screens.
 */
import type { MapTilesConfig } from './schemas/config';

/** Map tiles when TILE_URL is not set: OpenStreetMap, which requires this attribution. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** The deepest zoom the map offers (OpenStreetMap's tiles stop there too). */
export const TILE_MAX_ZOOM = 19;

/** What the client assumes of a host when the server cannot say (and for TILE_URL). */
export function hostTiles(tileUrl: string): MapTilesConfig {
  return {
    source: 'host',
    version: tileUrl,
    attribution: TILE_ATTRIBUTION,
    minZoom: 0,
    maxZoom: TILE_MAX_ZOOM,
    bounds: null,
    saveOffline: false,
  };
}
