/** Where map tiles come from: GET /api/config (MAP_TILES or TILE_URL on the server). */
import { useQuery } from '@tanstack/react-query';
import type { MapTilesConfig } from '#shared/schemas/config.js';
import { DEFAULT_TILE_URL, hostTiles } from '#shared/tile-sources.js';
import { configQuery } from '#client/lib/queries/config.js';

export interface MapTiles {
  /** The URL template, {z}/{x}/{y}. */
  url: string;
  tiles: MapTilesConfig;
}

/**
 * The map's tiles; OpenStreetMap when the server cannot say; undefined while asking.
 * `fresh` asks the server again on every mount (the dashboard notices a new campus archive).
 */
export function useMapTiles({ fresh = false } = {}): MapTiles | undefined {
  const config = useQuery({ ...configQuery(), ...(fresh && { refetchOnMount: 'always' }) });
  if (config.data) {
    const { tileUrl } = config.data;
    // A config saved on the phone by an older version of the app has only tileUrl.
    return { url: tileUrl, tiles: config.data.tiles ?? hostTiles(tileUrl) };
  }
  return config.isError ? { url: DEFAULT_TILE_URL, tiles: hostTiles(DEFAULT_TILE_URL) } : undefined;
}
