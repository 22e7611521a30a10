import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appShell, createPageRenderer, pagePlace } from '../ssr/page-renderer.js';
import { sendError } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Serves the built client and the SPA fallback (pictures: images/routes.ts). */
export async function registerStatic(app: FastifyInstance): Promise<void> {
  const { clientDir } = app.config;

  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      // Pages (including /) go through the handler below, which may render them on the server.
      index: false,
      // Built files come with .br and .gz copies (scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(clientDir, filePath);
        res.header('cache-control', rel.startsWith('assets') ? IMMUTABLE : REVALIDATE);
        if (rel.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
  }

  const renderer = hasClient ? await createPageRenderer(app) : null;
  // Without the renderer (no built pages) every address gets the app shell, as 200.
  const shell = hasClient
    ? appShell(
        fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'),
        pagePlace(app.config),
      )(false)
    : '';

  // Browsers ask for text/html; curl, uptime checkers and link previewers send */* or no
  // Accept at all, and get the page too. Only a client that asks for something else (JSON)
  // gets the JSON 404.
  const acceptsHtml = (accept: string | undefined) =>
    !accept || accept.includes('text/html') || accept.includes('*/*');
  const isPage = (request: FastifyRequest) =>
    hasClient &&
    !request.url.startsWith('/api/') &&
    !request.url.startsWith('/uploads/') &&
    !path.extname(request.url.split('?')[0] ?? '') &&
    acceptsHtml(request.headers.accept);

  // Pages are a route (not the not-found handler) so responses are compressed like any other.
  // Files keep their own routes, which win over this wildcard.
  // HEAD is answered like GET (without the body): link checkers ask it for the status.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPage(request)) return reply.callNotFound();
    const { status, html } = (await renderer?.respond(request)) ?? { status: 200, html: shell };
    return (
      reply
        .code(status)
        .header('cache-control', REVALIDATE)
        // Signed-in visitors get the shell, visitors without a session the rendered page.
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(html)
    );
  };
  app.get('/', page);
  app.get('/*', page);

  app.setNotFoundHandler(async (request, reply) =>
    sendError(reply, 404, `No such resource: ${request.method} ${request.url.split('?')[0]}`),
  );
}
