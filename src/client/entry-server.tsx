/**
 * Server rendering of the public pages (home, search, a listing, sign-in, about, legal) for
 * visitors who are not signed in: the same routes and components as the browser app, rendered
 * to HTML with the data they asked for, which the browser then hydrates (main.tsx).
 * The server decides when to use it and links the page's assets (src/server/ssr).
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { AppRoot } from './app/app-root';
import { routes, type PageHandle } from './app/router';
import { ApiError } from './lib/api';
import { setCampusTimeZone } from './lib/campus-time';
import { codeStillLoading } from './lib/lazy-component';
import { createQueryClient } from './lib/query-client';
import { collectServerData, type ServerData } from './lib/server-data';
import { PageMetaContext, type PageMeta } from './lib/use-document-title';

export interface ServerRender {
  html: string;
  /** The data the page was rendered with, for the browser's query cache. */
  state: ServerData;
  /** The page modules of the matched routes (keys of `import.meta.glob` in app/router.tsx). */
  pages: string[];
  /** What the page said about itself: its title, status, listing (lib/use-document-title.ts). */
  meta: PageMeta;
}

/** Which route an address opens, known before any page code loads (src/server/ssr). */
export interface PageRoute {
  /** A public page, rendered for visitors without a session. */
  ssr: boolean;
  /** No page of the app has this address: the not-found page, 404. */
  notFound: boolean;
}

export function matchPage(pathname: string): PageRoute | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf) return null;
  return {
    ssr: Boolean((leaf.route.handle as PageHandle | undefined)?.ssr),
    notFound: leaf.route.path === '*',
  };
}

/**
 * Data-dependent pages need a second render; a third covers queries that wait on another, or
 * data asked for by a part whose code the first render had to wait for (lib/lazy-component.ts).
 */
const MAX_RENDERS = 4;

const handler = createStaticHandler(routes);

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The queries a render asked for that have no data yet. */
function wanted(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && isEnabled(query));
}

/** An answer the page can show as its own: the API's "not found" (a missing listing). */
const shownByPage = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Renders `request`'s page, or returns null when it should be left to the browser app: a route
 * that is not public, a redirect, a route error, or data that could not be loaded. A missing
 * listing or person is rendered: the page shows its message and says 404 (`meta.status`).
 */
export async function renderPage(
  request: Request,
  /** CAMPUS_TIME_ZONE: the zone the page's dates are written in (lib/campus-time.ts). */
  { timeZone }: { timeZone?: string } = {},
): Promise<ServerRender | null> {
  // Decided before any page code is loaded: private pages (the maps among them) never load here.
  const matched = matchRoutes(routes, new URL(request.url).pathname);
  if (!(matched?.at(-1)?.route.handle as PageHandle | undefined)?.ssr) return null;
  const context = await handler.query(request);
  if (context instanceof Response || context.errors) return null;
  const handles = context.matches.map((m) => m.route.handle as PageHandle | undefined);

  let state: ServerData | undefined;
  for (let pass = 1; pass <= MAX_RENDERS; pass++) {
    // A new client each time, hydrated from the data so far, exactly as the browser will do.
    const client = createQueryClient();
    const router = createStaticRouter(handler.dataRoutes, context);
    const meta: PageMeta = {};
    // Set for each pass: a render is synchronous, so no other page's zone can come between.
    if (timeZone) setCampusTimeZone(timeZone);
    const html = renderToString(
      <PageMetaContext.Provider value={meta}>
        <AppRoot client={client} serverData={state}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppRoot>
      </PageMetaContext.Provider>,
    );
    if (await codeStillLoading()) {
      state = collectServerData(client);
      client.clear();
      continue;
    }
    const missing = wanted(client);
    if (missing.length === 0) {
      return {
        html,
        state: state ?? [],
        pages: handles.flatMap((h) => (h?.page ? [h.page] : [])),
        meta,
      };
    }
    const fetched = await Promise.allSettled(
      missing.map((query) =>
        client.fetchQuery({ ...query.options, queryKey: query.queryKey, retry: 0 }),
      ),
    );
    if (fetched.some((f) => f.status === 'rejected' && !shownByPage(f.reason))) return null;
    state = collectServerData(client);
    client.clear();
  }
  return null;
}
