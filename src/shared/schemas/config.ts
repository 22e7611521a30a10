import { z } from 'zod';

/** GET /api/config: the few server settings the client needs at run time (map tiles). */
export const clientConfig = z.object({ tileUrl: z.string() });
export type ClientConfig = z.infer<typeof clientConfig>;

/** Map tiles when TILE_URL is not set: OpenStreetMap, which requires this attribution. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
