/** The map's tiles as this server is configured: its own archive (MAP_TILES) or TILE_URL. */
import type { ClientMapConfig } from '#shared/schemas/config.js';
import { hostTiles, TILE_ATTRIBUTION } from '#shared/tile-sources.js';
import type { Config } from '#server/config.js';
import { openTileArchive, TILE_FORMATS, type TileArchive } from './archive.js';
import { safeAttribution } from './attribution.js';

/** Tiles of the archive live under /tiles/<version>/, so a new archive is a new address. */
export const TILE_PREFIX = '/tiles/';

export interface MapTiles {
  /** The map's part of GET /api/config's answer. */
  client: ClientMapConfig;
  archive: TileArchive | null;
  /** The template the pages and the service worker fetch tiles from (CSP is built from it). */
  tileUrl: string;
  /** Pages themselves fetch tiles from TILE_URL's host to save them (TILE_PREFETCH=1). */
  pagesFetchTiles: boolean;
}

export function archiveTileUrl(archive: TileArchive): string {
  return `${TILE_PREFIX}${archive.version}/{z}/{x}/{y}.${TILE_FORMATS[archive.format].extensions[0]}`;
}

export async function loadMapTiles(
  config: Config,
  log: { warn: (message: string) => void },
): Promise<MapTiles> {
  if (!config.mapTiles) {
    const tiles = {
      ...hostTiles(config.tileUrl),
      attribution: safeAttribution(config.mapAttribution ?? TILE_ATTRIBUTION),
      saveOffline: config.tilePrefetch,
    };
    return {
      client: { tileUrl: config.tileUrl, tiles },
      archive: null,
      tileUrl: config.tileUrl,
      // A template on this server needs no extra permission.
      pagesFetchTiles: config.tilePrefetch && /^https?:/.test(config.tileUrl),
    };
  }

  const archive = await openTileArchive(config.mapTiles);
  if (!config.mapAttribution && !archive.attribution) {
    log.warn(
      "MAP_TILES has no attribution in its metadata: showing OpenStreetMap's. Set MAP_ATTRIBUTION if the map comes from elsewhere.",
    );
  }
  const tileUrl = archiveTileUrl(archive);
  return {
    client: {
      tileUrl,
      tiles: {
        source: 'archive',
        version: archive.version,
        attribution: safeAttribution(
          config.mapAttribution ?? archive.attribution ?? TILE_ATTRIBUTION,
        ),
        minZoom: archive.minZoom,
        maxZoom: archive.maxZoom,
        bounds: archive.bounds,
        saveOffline: true,
      },
    },
    archive,
    tileUrl,
    pagesFetchTiles: false,
  };
}
