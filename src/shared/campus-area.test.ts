import { describe, expect, it } from 'vitest';
import {
  campusMap,
  campusBounds,
  campusTiles,
  tileAt,
  tileBounds,
  tilesCovering,
  tileUrl,
  type TileId,
} from './campus-area';
import { dropoffLocations, pickupLocations, locationCoords } from './locations';

const WORLD = { minZoom: 0, maxZoom: 22, bounds: null };
const key = (t: TileId) => `${t.z}/${t.x}/${t.y}`;
const spots = [...pickupLocations(), ...dropoffLocations()].map((n) => locationCoords(n));

describe('tile arithmetic', () => {
  it('finds the tile of a point as OpenStreetMap numbers it', () => {
    // The campus centre at zoom 18 (worked out independently with asinh), and 0/0/0 for anything.
    expect(tileAt(37.7219, -122.4782, 18)).toEqual({ z: 18, x: 41886, y: 101372 });
    expect(tileAt(37.7219, -122.4782, 0)).toEqual({ z: 0, x: 0, y: 0 });
    expect(tileAt(0.0001, 0.0001, 1)).toEqual({ z: 1, x: 1, y: 0 });
  });

  it('gives a tile bounds that hold the points it was found from', () => {
    for (const spot of spots) {
      for (let z = 15; z <= 19; z++) {
        const b = tileBounds(tileAt(spot.lat, spot.lng, z));
        expect(spot.lat).toBeGreaterThanOrEqual(b.south);
        expect(spot.lat).toBeLessThan(b.north);
        expect(spot.lng).toBeGreaterThanOrEqual(b.west);
        expect(spot.lng).toBeLessThan(b.east);
      }
    }
  });

  it('fills a URL template as Leaflet does, one subdomain per tile', () => {
    const t = { z: 18, x: 41943, y: 101364 };
    expect(tileUrl('/tiles/v1/{z}/{x}/{y}.png', t)).toBe('/tiles/v1/18/41943/101364.png');
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', t)).toBe(
      `https://${'abc'[(41943 + 101364) % 3]}.tiles.example/18/41943/101364.png`,
    );
  });
});

describe('the campus area', () => {
  const area = campusBounds();
  const tiles = campusTiles(WORLD);
  const keys = new Set(tiles.map(key));

  it('reaches about 150 m beyond the outermost spots', () => {
    const lats = spots.map((s) => s.lat);
    const lngs = spots.map((s) => s.lng);
    expect((Math.max(...lats) - Math.min(...lats) + 0) * 111_320).toBeGreaterThan(500);
    expect((area.north - Math.max(...lats)) * 111_320).toBeCloseTo(150, 0);
    expect((Math.min(...lats) - area.south) * 111_320).toBeCloseTo(150, 0);
    const metresPerLng = 111_320 * Math.cos((37.72 * Math.PI) / 180);
    expect((Math.min(...lngs) - area.west) * metresPerLng).toBeGreaterThan(149);
    expect((area.east - Math.max(...lngs)) * metresPerLng).toBeLessThan(152);
  });

  it("holds every spot's tile at every zoom from 15 to 19, and the margin's corners", () => {
    for (let z = campusMap().minZoom; z <= campusMap().maxZoom; z++) {
      for (const spot of spots) expect(keys.has(key(tileAt(spot.lat, spot.lng, z)))).toBe(true);
      for (const [lat, lng] of [
        [area.north, area.west],
        [area.south, area.east],
      ] as const) {
        expect(keys.has(key(tileAt(lat, lng, z)))).toBe(true);
      }
    }
  });

  it('is exactly the rectangle of tiles over the area at each zoom, nothing twice', () => {
    expect(keys.size).toBe(tiles.length);
    let expected = 0;
    for (let z = 15; z <= 19; z++) {
      const nw = tileAt(area.north, area.west, z);
      const se = tileAt(area.south, area.east, z);
      const count = (se.x - nw.x + 1) * (se.y - nw.y + 1);
      expect(tiles.filter((t) => t.z === z)).toHaveLength(count);
      expect(tilesCovering(area, z)).toHaveLength(count);
      for (const t of tiles.filter((t) => t.z === z)) {
        expect(t.x).toBeGreaterThanOrEqual(nw.x);
        expect(t.x).toBeLessThanOrEqual(se.x);
        expect(t.y).toBeGreaterThanOrEqual(nw.y);
        expect(t.y).toBeLessThanOrEqual(se.y);
      }
      expected += count;
    }
    expect(tiles).toHaveLength(expected);
    // A campus of about 1 km by 1 km: a few hundred tiles, most of them at zoom 19.
    expect(tiles.length).toBeGreaterThan(250);
    expect(tiles.length).toBeLessThan(500);
  });

  it("narrows the zooms to the source's range and the tiles to its bounds", () => {
    expect(new Set(campusTiles({ ...WORLD, maxZoom: 17 }).map((t) => t.z))).toEqual(
      new Set([15, 16, 17]),
    );
    expect(new Set(campusTiles({ ...WORLD, minZoom: 18 }).map((t) => t.z))).toEqual(
      new Set([18, 19]),
    );
    expect(campusTiles({ ...WORLD, minZoom: 20 })).toEqual([]);

    // A source covering only the eastern half of campus.
    const middle = (area.west + area.east) / 2;
    const east = campusTiles({ ...WORLD, bounds: { ...area, west: middle } });
    expect(east.length).toBeLessThan(tiles.length);
    for (const t of east) expect(tileBounds(t).east).toBeGreaterThan(middle);
    const hensill = locationCoords('Hensill Hall');
    expect(east.map(key)).toContain(key(tileAt(hensill.lat, hensill.lng, 19)));
  });
});
