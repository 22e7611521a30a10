import { z } from 'zod';

/** GET /api/config: the few server settings the client needs at run time (map tiles). */
export const clientConfig = z.object({ tileUrl: z.string() });
export type ClientConfig = z.infer<typeof clientConfig>;
