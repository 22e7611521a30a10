import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error.js';
import { IMAGE_NAME, type ImageStore } from './image-store.js';

/** A picture's URL names its bytes: the answer never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Does an If-None-Match header name this validator (or `*`)? */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * GET /uploads/<name>: a stored picture, from whichever instance answers (the store is shared).
 * The URLs are the ones earlier versions served from DATA_DIR/uploads, so stored listings,
 * saved pages and the service worker's cache keep working.
 */
export async function imageRoutes(app: FastifyInstance, { store }: { store: ImageStore }) {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const image = IMAGE_NAME.test(name) ? await store.get(name) : undefined;
    if (!image) throw notFound(`No such picture: ${name}`);
    reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
    if (matches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
}
