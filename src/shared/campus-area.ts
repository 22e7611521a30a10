/**
 * The campus area a courier's phone keeps for use without signal, and the web-map tile
 * arithmetic (the "slippy map" scheme of OpenStreetMap, Leaflet and MBTiles' XYZ URLs) that
 * turns it into a list of tiles.
 */
import { campus } from './campus';
import { campusLocations, dropoffLocations, pickupLocations } from './locations';

/** The campus map a courier's phone keeps, as the campus file sets it (its `map`). */
export function campusMap(): { marginMetres: number; minZoom: number; maxZoom: number } {
  return campus().map;
}

/**
 * The cache (Cache Storage) that holds the saved campus area on a courier's phone, apart from
 * the service worker's capped cache of tiles seen while browsing.
 */
export const CAMPUS_MAP_CACHE = 'campus-map';

/** Degrees, WGS84: west and east longitudes, south and north latitudes. */
export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileId {
  z: number;
  x: number;
  y: number;
}

const METRES_PER_DEGREE_LATITUDE = 111_320;
/** Web Mercator stops here; beyond, y is undefined. */
const MAX_LATITUDE = 85.0511287798;

/**
 * The campus area: the campus file's bounds, or every pickup and drop-off spot plus the margin
 * on every side (`marginMetres` asks for that area with another margin).
 */
export function campusBounds(marginMetres?: number): GeoBounds {
  const given = campus().map.bounds;
  if (given && marginMetres === undefined) return given;
  const margin = marginMetres ?? campusMap().marginMetres;
  const all = campusLocations();
  const spots = [...new Set([...pickupLocations(), ...dropoffLocations()])].map(
    (name) => all[name]!,
  );
  const lats = spots.map((s) => s.lat);
  const lngs = spots.map((s) => s.lng);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const dLat = margin / METRES_PER_DEGREE_LATITUDE;
  // A degree of longitude shrinks towards the poles; the wider one (nearer the equator) is used.
  const widest = Math.cos((Math.min(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const dLng = margin / (METRES_PER_DEGREE_LATITUDE * widest);
  return {
    west: Math.min(...lngs) - dLng,
    south: south - dLat,
    east: Math.max(...lngs) + dLng,
    north: north + dLat,
  };
}

/** The tile at zoom `z` that holds a point. */
export function tileAt(lat: number, lng: number, z: number): TileId {
  const n = 2 ** z;
  const clampedLat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const rad = (clampedLat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  const inRange = (v: number) => Math.max(0, Math.min(n - 1, v));
  return { z, x: inRange(x), y: inRange(y) };
}

/** The area a tile covers. */
export function tileBounds({ z, x, y }: TileId): GeoBounds {
  const n = 2 ** z;
  const lat = (row: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return {
    west: (x / n) * 360 - 180,
    east: ((x + 1) / n) * 360 - 180,
    north: lat(y),
    south: lat(y + 1),
  };
}

function overlaps(a: GeoBounds, b: GeoBounds): boolean {
  return a.west < b.east && b.west < a.east && a.south < b.north && b.south < a.north;
}

/** Every tile of zoom `z` that shows some of `bounds`, row by row. */
export function tilesCovering(bounds: GeoBounds, z: number): TileId[] {
  const topLeft = tileAt(bounds.north, bounds.west, z);
  const bottomRight = tileAt(bounds.south, bounds.east, z);
  const tiles: TileId[] = [];
  for (let y = topLeft.y; y <= bottomRight.y; y++) {
    for (let x = topLeft.x; x <= bottomRight.x; x++) tiles.push({ z, x, y });
  }
  return tiles;
}

export interface TileSource {
  minZoom: number;
  maxZoom: number;
  /** Where the source has tiles; null when it does not say (a tile host covering the world). */
  bounds: GeoBounds | null;
}

/**
 * The campus area's tiles a source can give: the campus's zooms (15-19 on the default) narrowed to the source's own range,
 * and only tiles inside its bounds (asking for the others would only fetch "not found").
 */
export function campusTiles(source: TileSource, area: GeoBounds = campusBounds()): TileId[] {
  const from = Math.max(campusMap().minZoom, source.minZoom);
  const to = Math.min(campusMap().maxZoom, source.maxZoom);
  const tiles: TileId[] = [];
  for (let z = from; z <= to; z++) {
    for (const tile of tilesCovering(area, z)) {
      if (!source.bounds || overlaps(tileBounds(tile), source.bounds)) tiles.push(tile);
    }
  }
  return tiles;
}

/** Leaflet's default for a template's {s}. */
const SUBDOMAINS = 'abc';

/**
 * A tile's address from a URL template with {z}, {x}, {y}, and {s} and {r} as Leaflet fills
 * them (same subdomain for the same tile, no retina suffix), so a saved tile is found under
 * the very address the map asks for.
 */
export function tileUrl(template: string, { z, x, y }: TileId): string {
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length]!)
    .replaceAll('{r}', '');
}
