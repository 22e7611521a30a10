/**
 * Server rendering for visitors who are not signed in (docs/decisions/013-server-rendering.md):
 * the public pages arrive as HTML with their data, so they paint before any script runs; the
 * browser app hydrates them. Signed-in visitors, private pages and any failure get the plain
 * app shell, exactly as before. Pages answer with their real status: an unknown address is 404
 * for everyone, a missing listing or person for visitors (their page is rendered here).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_NAME } from '../images/image-store.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { coverOf, pageHead, SITE_DESCRIPTION, type PictureFacts } from './link-preview.js';
import { defaultCampus } from '#shared/campus.js';
import type { Config } from '../config.js';
import {
  documentHead,
  pageHtml,
  templateDescription,
  type PagePlace,
  type ViteManifest,
} from './page-html.js';

export interface PageAnswer {
  status: number;
  html: string;
}

export interface PageRenderer {
  /** The page for `request`: rendered for a visitor, else the app shell; with its status. */
  respond(request: FastifyRequest): Promise<PageAnswer>;
}

/** The app shell, with the campus's time zone; kept out of search engines where asked. */
/** The campus's time zone, and its file when the app was not built with it (not the default). */
export function pagePlace(config: Config): PagePlace {
  return {
    timeZone: config.campusTimeZone,
    campus: config.campus === defaultCampus() ? undefined : config.campus.file,
  };
}

export function appShell(template: string, place: PagePlace) {
  const plain = documentHead(template, place);
  const unindexed = documentHead(template, {
    ...place,
    tags: '<meta name="robots" content="noindex" />',
  });
  return (noindex: boolean) => (noindex ? unindexed : plain);
}

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
  const place = pagePlace(app.config);
  const shell = appShell(template, place);

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
      // Signed in: their own view comes from the browser app, an unknown address still 404.
      // A listing page stays 200 for them: their app asks the API, which says 404 itself (the
      // pages a search engine or a link checker reads are the visitors' ones, below).
      if (request.cookies[SESSION_COOKIE]) {
        return { status: route.notFound ? 404 : 200, html: shell(route.notFound) };
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
        const document = documentHead(template, { ...head, ...place });
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
