/**
 * The map's tile layer, as the server configures it: the campus archive (zooms and bounds from
 * its metadata, so nothing outside it is asked for) or a tile host. Import only from lazily
 * loaded map code: it pulls in Leaflet.
 */
import { Browser, type TileErrorEvent } from 'leaflet';
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

/**
 * On a phone's high-density screen (2x, or Lighthouse's 1.75x) a 256 px tile drawn 256 CSS px
 * wide is blurred: there each tile is drawn half as wide from the next zoom's picture
 * (Leaflet's detectRetina), as sharp as the screen. Leaflet then lowers the layer's own top
 * zoom by one; it is given back here, and the native zooms (the pictures the source has) are
 * shifted down by one, so the URLs still ask only for zooms the source has.
 */
const DENSE = Browser.retina ? 1 : 0;

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
      detectRetina
      maxZoom={TILE_MAX_ZOOM + DENSE}
      minNativeZoom={tiles.minZoom - DENSE}
      maxNativeZoom={Math.min(tiles.maxZoom, TILE_MAX_ZOOM) - DENSE}
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
