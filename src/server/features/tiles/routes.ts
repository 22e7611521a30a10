import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '#server/lib/http-error.js';
import { TILE_FORMATS, type TileArchive } from './archive.js';
import { archiveTileUrl, TILE_PREFIX } from './map-tiles.js';

/** A tile's address names the archive's version: its answer never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Decimal without leading zeros, so each tile has exactly one address (and one cache entry). */
const NUMBER = /^(?:0|[1-9]\d{0,6})$/;
const VERSION = /^[0-9a-f]{1,64}$/;
const MAX_ZOOM = 22;

interface TileParams {
  version: string;
  z: string;
  x: string;
  file: string;
}

const ADDRESS_HELP = `Map tiles are at ${TILE_PREFIX}<version>/<z>/<x>/<y>.<format>.`;

/**
 * GET /tiles/<version>/<z>/<x>/<y>.<ext>: one tile of the campus archive (MAP_TILES). Read
 * straight from SQLite on the request's thread: a tile is one indexed lookup of a few kB.
 */
export async function tileRoutes(app: FastifyInstance, { archive }: { archive: TileArchive }) {
  const format = TILE_FORMATS[archive.format];
  const extensions: readonly string[] = format.extensions;
  const current = archiveTileUrl(archive);

  app.get<{ Params: TileParams }>(
    `${TILE_PREFIX}:version/:z/:x/:file`,
    async (request, reply: FastifyReply) => {
      const { version, z, x, file } = request.params;
      const dot = file.lastIndexOf('.');
      const y = dot > 0 ? file.slice(0, dot) : file;
      const extension = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
      if (
        !VERSION.test(version) ||
        !NUMBER.test(z) ||
        !NUMBER.test(x) ||
        !NUMBER.test(y) ||
        !extensions.includes(extension)
      ) {
        throw badRequest(
          `That is not a map tile address. ${ADDRESS_HELP.replace('<format>', extensions[0]!)}`,
        );
      }
      const zoom = Number(z);
      if (zoom > MAX_ZOOM) throw badRequest(`Map zoom must be 0 to ${MAX_ZOOM}.`);
      const size = 2 ** zoom;
      const column = Number(x);
      const row = Number(y);
      if (column >= size || row >= size) {
        throw badRequest(`At zoom ${zoom}, tile x and y must be 0 to ${size - 1}.`);
      }
      if (version !== archive.version) {
        // A page that still holds the previous archive's address gets the current tile.
        return reply
          .header('cache-control', 'no-store')
          .redirect(current.replace('{z}', z).replace('{x}', x).replace('{y}', y), 302);
      }
      const image = archive.tile(zoom, column, row);
      reply.header('cache-control', IMMUTABLE);
      if (!image) return reply.code(404).send();
      return reply.type(format.contentType).send(image);
    },
  );
}
