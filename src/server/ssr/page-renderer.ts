/**
 * Server rendering for visitors who are not signed in (docs/decisions/013-server-rendering.md):
 * the public pages arrive as HTML with their data, so they paint before any script runs; the
 * browser app hydrates them. Signed-in visitors, private pages and any failure get the plain
 * app shell, exactly as before. Every page answers with its real status: an unknown address and
 * a missing listing are 404, rendered or not.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as listingPaths from '#shared/api-paths/listings.js';
import { IMAGE_NAME } from '../images/image-store.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { coverOf, pageHead, SITE_DESCRIPTION, type PictureFacts } from './link-preview.js';
import { documentHead, pageHtml, templateDescription, type ViteManifest } from './page-html.js';

export interface PageAnswer {
  status: number;
  html: string;
}

export interface PageRenderer {
  /** The page for `request`: rendered for a visitor, else the app shell; with its status. */
  respond(request: FastifyRequest): Promise<PageAnswer>;
}

/** The app shell, with the campus's time zone; kept out of search engines where asked. */
export function appShell(template: string, timeZone: string) {
  const plain = documentHead(template, { timeZone });
  const unindexed = documentHead(template, {
    timeZone,
    tags: '<meta name="robots" content="noindex" />',
  });
  return (noindex: boolean) => (noindex ? unindexed : plain);
}

/**
 * What a page shows, asked of the API with the visitor's own cookie when the page is not
 * rendered here (a signed-in visitor): its 404 is the page's. Null: the address names nothing.
 */
const PAGE_RESOURCES: Record<
  string,
  (params: Record<string, string | undefined>) => string | null
> = {
  'productListing/:listingId': ({ listingId = '' }) =>
    /^\d{1,10}$/.test(listingId) && Number(listingId) > 0
      ? listingPaths.listing(Number(listingId))
      : null,
};

export async function createPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  const { clientDir, publicUrl, campusTimeZone } = app.config;
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return null;
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const siteDescription = templateDescription(template) || SITE_DESCRIPTION;
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
  const { renderPage, matchPage, setApiTransport } = client;
  const shell = appShell(template, campusTimeZone);

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

  /** A signed-in visitor's page: does the API, asked as them, have what it shows? */
  const resourceStatus = async (
    request: FastifyRequest,
    pattern: string,
    params: Record<string, string | undefined>,
  ): Promise<number> => {
    const resource = PAGE_RESOURCES[pattern];
    if (!resource) return 200;
    const url = resource(params);
    if (url === null) return 404;
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', cookie: request.headers.cookie ?? '' },
    });
    return res.statusCode === 404 ? 404 : 200;
  };

  /** The size and type of a stored picture, for previews that lay out before they fetch it. */
  const pictureFacts = async (url: string | null): Promise<PictureFacts | undefined> => {
    const name = url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
    if (!IMAGE_NAME.test(name)) return undefined;
    const image = await app.images.get(name.replace(/-sm\.webp$/, '.webp')).catch(() => undefined);
    return image && { width: image.width, height: image.height, type: image.contentType };
  };

  return {
    async respond(request) {
      const url = new URL(request.url, 'http://localhost');
      const route = matchPage(url.pathname);
      // Pages only signed-in people use: the app shell, kept out of search engines.
      if (!route?.ssr) return { status: 200, html: shell(true) };
      if (request.cookies[SESSION_COOKIE]) {
        // Their own view of the page comes from the browser app; its status from here.
        const status = route.notFound
          ? 404
          : await resourceStatus(request, route.pattern, route.params);
        return { status, html: shell(status === 404) };
      }
      const fallback = { status: route.notFound ? 404 : 200, html: shell(route.notFound) };
      try {
        const page = await renderPage(new Request(url), { timeZone: campusTimeZone });
        if (!page) return fallback;
        const { listing } = page.meta;
        const head = pageHead({
          publicUrl,
          pathname: url.pathname,
          siteDescription,
          meta: page.meta,
          picture: listing && (await pictureFacts(coverOf(listing))),
        });
        const document = documentHead(template, { ...head, timeZone: campusTimeZone });
        return {
          status: page.meta.status ?? 200,
          html: pageHtml(document, manifest, page, readCss),
        };
      } catch (error) {
        request.log.warn({ err: error }, 'server rendering failed; sending the app shell');
        return fallback;
      }
    },
  };
}
