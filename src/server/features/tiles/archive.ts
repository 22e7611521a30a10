/**
 * A raster tile archive in MBTiles form (one SQLite file: `metadata` and `tiles` tables, rows
 * numbered from the south as in TMS), opened read-only. Everything the server needs from it is
 * read once at start; a file that is not such an archive stops the server with a clear message.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { tileBounds, type GeoBounds } from '#shared/campus-area.js';

export const TILE_FORMATS = {
  png: { contentType: 'image/png', extensions: ['png'] },
  jpg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
} as const;
export type TileFormat = keyof typeof TILE_FORMATS;

export interface TileArchive {
  /** Changes whenever the file's content does: part of every tile's URL. */
  version: string;
  format: TileFormat;
  minZoom: number;
  maxZoom: number;
  bounds: GeoBounds;
  /** The archive's own attribution (HTML), if it has one. */
  attribution: string | null;
  /** A tile's image, by XYZ numbering (y from the north); undefined when the archive lacks it. */
  tile: (z: number, x: number, y: number) => Buffer | undefined;
  close: () => void;
}

export class TileArchiveError extends Error {
  override name = 'TileArchiveError';
}

/** The first bytes of each image format, for archives whose metadata does not name it. */
function sniffFormat(image: Buffer): TileFormat | null {
  if (image.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'png';
  if (image.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  if (image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

function formatOf(declared: string | undefined, sample: Buffer): TileFormat {
  const named = declared?.toLowerCase().trim();
  if (named === 'jpeg') return 'jpg';
  if (named && Object.hasOwn(TILE_FORMATS, named)) return named as TileFormat;
  if (named === 'pbf' || named === 'mvt') {
    throw new TileArchiveError(
      'it holds vector tiles (pbf); the map needs raster tiles (png, jpg or webp)',
    );
  }
  const sniffed = sniffFormat(sample);
  if (!sniffed)
    throw new TileArchiveError(
      `its tiles are not png, jpg or webp images (format: ${named ?? 'not given'})`,
    );
  return sniffed;
}

function zoomOf(value: string | undefined): number | null {
  if (value === undefined || !/^\s*\d{1,2}\s*$/.test(value)) return null;
  const zoom = Number(value);
  return zoom <= 22 ? zoom : null;
}

/** MBTiles `bounds`: "west,south,east,north" in degrees. */
function boundsOf(value: string | undefined): GeoBounds | null {
  const parts = value?.split(',').map((p) => Number(p.trim()));
  if (parts?.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [west, south, east, north] = parts as [number, number, number, number];
  const valid =
    west >= -180 && east <= 180 && west < east && south >= -90 && north <= 90 && south < north;
  return valid ? { west, south, east, north } : null;
}

async function contentHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Opens an MBTiles archive read-only. Zoom range and bounds come from its metadata, or from
 * its tiles when the metadata leaves them out.
 */
export async function openTileArchive(file: string): Promise<TileArchive> {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const metadata = new Map(
      (
        db.prepare('select name, value from metadata').all() as { name: string; value: string }[]
      ).map((row) => [String(row.name).toLowerCase(), String(row.value)]),
    );
    const sample = db.prepare('select tile_data from tiles limit 1').pluck().get() as
      Buffer | undefined;
    if (!sample) throw new TileArchiveError('it has no tiles');
    const format = formatOf(metadata.get('format'), Buffer.from(sample));

    const levels = db
      .prepare('select min(zoom_level) as min, max(zoom_level) as max from tiles')
      .get() as { min: number; max: number };
    // The metadata's range, within the levels the archive really holds (tools have been
    // known to claim levels they did not write; asking for those would only get 404s).
    const minZoom = Math.max(zoomOf(metadata.get('minzoom')) ?? levels.min, levels.min);
    const maxZoom = Math.min(zoomOf(metadata.get('maxzoom')) ?? levels.max, levels.max);
    if (minZoom > maxZoom || maxZoom > 22) {
      throw new TileArchiveError(`its zoom levels ${minZoom}-${maxZoom} are not within 0-22`);
    }

    let bounds = boundsOf(metadata.get('bounds'));
    if (!bounds) {
      const z = levels.max;
      const span = db
        .prepare(
          `select min(tile_column) as x0, max(tile_column) as x1, min(tile_row) as r0, max(tile_row) as r1
           from tiles where zoom_level = ?`,
        )
        .get(z) as { x0: number; x1: number; r0: number; r1: number };
      const north = tileBounds({ z, x: span.x0, y: 2 ** z - 1 - span.r1 });
      const south = tileBounds({ z, x: span.x1, y: 2 ** z - 1 - span.r0 });
      bounds = { west: north.west, north: north.north, east: south.east, south: south.south };
    }

    const read = db
      .prepare(
        'select tile_data from tiles where zoom_level = ? and tile_column = ? and tile_row = ?',
      )
      .pluck();
    const open = db;
    return {
      version: await contentHash(file),
      format,
      minZoom,
      maxZoom,
      bounds,
      attribution: metadata.get('attribution')?.trim() || null,
      tile: (z, x, y) => {
        const data = read.get(z, x, 2 ** z - 1 - y) as Buffer | undefined;
        return data ?? undefined;
      },
      close: () => open.close(),
    };
  } catch (error) {
    db?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new TileArchiveError(`MAP_TILES: ${file} is not a usable MBTiles archive: ${reason}`);
  }
}
