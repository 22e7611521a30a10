import { campusFile } from '../campus-file.js';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MODES } from '../identity.js';

const zoom = z.number().int().min(0).max(22);

/** Where the map's tiles come from and what a courier's phone may keep of them. */
export const mapTilesConfig = z.object({
  /**
   * 'archive': the campus map this server serves itself (MAP_TILES); 'host': a tile server
   * elsewhere (TILE_URL).
   */
  source: z.enum(['archive', 'host']),
  /** Changes when the tiles do (a new archive, another host): saved tiles of another are stale. */
  version: z.string(),
  /** HTML: text and links only (the server strips anything else). */
  attribution: z.string(),
  minZoom: zoom,
  maxZoom: zoom,
  /** Where the source has tiles (degrees); null for a host that covers the world. */
  bounds: z
    .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
    .nullable(),
  /**
   * Couriers' phones save the whole campus area in advance: always for the archive; from a
   * host only with its operator's permission (TILE_PREFETCH=1), never by default.
   */
  saveOffline: z.boolean(),
});
export type MapTilesConfig = z.infer<typeof mapTilesConfig>;

/** The map's part of GET /api/config. */
export const clientMapConfig = z.object({
  /** The tile URL template, {z}/{x}/{y}: this server's archive or TILE_URL. */
  tileUrl: z.string(),
  tiles: mapTilesConfig,
});
export type ClientMapConfig = z.infer<typeof clientMapConfig>;

/** GET /api/config: the few server settings the client needs at run time. */
export const clientConfig = clientMapConfig.extend({
  /** EMAIL_VERIFICATION: whether an account must confirm its campus e-mail before acting. */
  emailVerification: z.enum(EMAIL_VERIFICATION_MODES),
  /**
   * CAMPUS_TIME_ZONE: the IANA zone pages write dates in (server-rendered pages also name it on
   * <html data-time-zone>). Optional for clients that do not read it.
   */
  campusTimeZone: z.string().optional(),
  /** The campus file in use (src/shared/campuses/*.json, CAMPUS_FILE): spots, map, hours. */
  campus: campusFile.optional(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
