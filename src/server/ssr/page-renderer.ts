/**
 * Server rendering for visitors who are not signed in (docs/decisions/013-server-rendering.md):
 * the public pages arrive as HTML with their data, so they paint before any script runs; the
 * browser app hydrates them. Signed-in visitors, private pages and any failure get the plain
 * app shell, exactly as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../plugins/session.js';
import { pageHtml, type ViteManifest } from './page-html.js';

export interface PageRenderer {
  /** The page's HTML, or null when the app shell should be sent instead. */
  render(request: FastifyRequest): Promise<string | null>;
}

export async function createPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  const { clientDir } = app.config;
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return null;
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const css = new Map<string, string>();
  const readCss = (file: string) => {
    let text = css.get(file);
    if (text === undefined) {
      // `</style` cannot occur in built CSS; guard anyway so it can never end the element.
      text = fs.readFileSync(path.join(clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      css.set(file, text);
    }
    return text;
  };
  // The client code (React, the routes, the pages) is only loaded when a built client exists,
  // and only from the built server: run from source (tsx), it has no Vite to load CSS and
  // `import.meta.glob`, and the app shell is served instead.
  let client;
  try {
    client = {
      ...(await import('#client/entry-server.js')),
      ...(await import('#client/lib/api.js')),
    };
  } catch (error) {
    app.log.warn({ err: error }, 'server rendering unavailable; serving the app shell');
    return null;
  }
  const { renderPage, setApiTransport } = client;

  // The pages' queries reach the API in-process, as a visitor without a session.
  setApiTransport(async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });

  return {
    async render(request) {
      if (request.cookies[SESSION_COOKIE]) return null;
      try {
        const page = await renderPage(new Request(new URL(request.url, 'http://localhost')));
        return page && pageHtml(template, manifest, page, readCss);
      } catch (error) {
        request.log.warn({ err: error }, 'server rendering failed; sending the app shell');
        return null;
      }
    },
  };
}
