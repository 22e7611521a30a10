import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Serves the built client, the uploads and the SPA fallback from the same origin. */
export async function registerStatic(app: FastifyInstance): Promise<void> {
  const { clientDir, uploadsDir } = app.config;
  fs.mkdirSync(uploadsDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', IMMUTABLE),
  });

  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(clientDir, filePath);
        res.header('cache-control', rel.startsWith('assets') ? IMMUTABLE : REVALIDATE);
        if (rel.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    const isPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/uploads/') &&
      !path.extname(request.url.split('?')[0] ?? '') &&
      accept.includes('text/html');
    if (isPage) {
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/html')
        .sendFile('index.html', clientDir);
    }
    return reply
      .code(404)
      .send({ message: `No such resource: ${request.method} ${request.url.split('?')[0]}` });
  });
}
