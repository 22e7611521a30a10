/**
 * The map's tile layer, as the server configures it: the campus archive (zooms and bounds from
 * its metadata, so nothing outside it is asked for) or a tile host. Import only from lazily
 * loaded map code: it pulls in Leaflet.
 */
import type { TileErrorEvent } from 'leaflet';
import { TileLayer } from 'react-leaflet';
import { TILE_MAX_ZOOM } from '#shared/tile-sources.js';
import { useMapTiles } from './map-tiles';

// In production the service worker answers a failed tile with a blank one; without it (as in
// development) the failure would only show as a grey square, so say which tile and why.
const logTileErrors = import.meta.env.DEV
  ? {
      tileerror: (event: TileErrorEvent) =>
        console.warn(`Map tile not loaded: ${event.tile.src}`, event.error),
    }
  : undefined;

export function MapTileLayer() {
  const map = useMapTiles();
  if (!map) return null;
  const { url, tiles } = map;
  const bounds = tiles.bounds;
  return (
    <TileLayer
      // Leaflet reads these options once: a new source is a new layer.
      key={`${url} ${tiles.version}`}
      url={url}
      attribution={tiles.attribution}
      maxZoom={TILE_MAX_ZOOM}
      minNativeZoom={tiles.minZoom}
      maxNativeZoom={Math.min(tiles.maxZoom, TILE_MAX_ZOOM)}
      bounds={
        bounds
          ? [
              [bounds.south, bounds.west],
              [bounds.north, bounds.east],
            ]
          : undefined
      }
      eventHandlers={logTileErrors}
    />
  );
}
