import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { IDENTITY_PAGES } from '#shared/identity.js';
import type { PrefetchStep } from '../lib/route-prefetch';
import { TEAM_SLUGS } from '../features/pages/about/team-slugs';
import { AppLayout } from './shell/app-layout';
import { RouteError } from './shell/route-error';

/**
 * Every page module, loaded when its route is first visited so the home route stays light.
 * The module's path travels in the route's handle: the server uses it to link the page's
 * chunk and CSS into a server-rendered page (src/server/ssr).
 */
const pages = import.meta.glob<Record<string, React.ComponentType>>([
  '../features/**/*-page.tsx',
  './pages/*-page.tsx',
  './shell/not-found-page.tsx',
]);

export interface PageHandle {
  /** The page module, relative to this file (a key of the Vite manifest once resolved). */
  page: string;
  /** /about{slug}: which team member the page shows. */
  member?: string;
  /** A public page the server renders for visitors who are not signed in (src/server/ssr). */
  ssr?: true;
}

/** A page module's export is named after its file: `catalog/home-page.tsx` exports `HomePage`. */
function exportName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1, -'.tsx'.length);
  return base.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

function page(file: string, handle?: Omit<PageHandle, 'page'>) {
  const load = pages[file];
  if (!load) throw new Error(`No page module ${file}`);
  const name = exportName(file);
  return {
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`${file} exports no ${name}`);
      return { Component };
    },
    handle: { ...handle, page: file } satisfies PageHandle,
  };
}

const SSR = { ssr: true } as const;

const withShell: RouteObject[] = [
  { index: true, ...page('../features/listings/catalog/home-page.tsx', SSR) },
  { path: 'aboutTeam', ...page('../features/pages/about/about-team-page.tsx', SSR) },
  ...TEAM_SLUGS.map((slug) => ({
    path: `about${slug}`,
    ...page('../features/pages/about/about-member-page.tsx', { ...SSR, member: slug }),
  })),
  { path: 'chats', ...page('./pages/chats-page.tsx') },
  { path: 'realUserProfile', ...page('./pages/profile-page.tsx') },
  { path: 'userProfile', ...page('../features/accounts/profile/public-profile-page.tsx', SSR) },
  { path: 'userListings', ...page('./pages/user-listings-page.tsx') },
  { path: 'vendorPage', ...page('../features/deliveries/vendor/vendor-page.tsx') },
  { path: 'editListing/:listingId', ...page('../features/listings/edit-listing-page.tsx') },
  { path: 'favorites', ...page('../features/listings/catalog/favorites-page.tsx') },
  { path: 'productListing/:listingId', ...page('./pages/product-page.tsx', SSR) },
  { path: 'terms-of-service', ...page('../features/pages/legal/terms-page.tsx', SSR) },
  { path: 'user-agreement', ...page('../features/pages/legal/user-agreement-page.tsx', SSR) },
  { path: 'safety', ...page('../features/pages/safety/safety-page.tsx', SSR) },
  { path: 'moderation', ...page('../features/moderation/moderation-page.tsx') },
  { path: 'notifications', ...page('../features/notifications/notifications-page.tsx') },
  {
    path: 'notifications/settings',
    ...page('../features/notifications/notification-settings-page.tsx'),
  },
  { path: 'courierPage', ...page('../features/deliveries/courier/courier-page.tsx') },
  { path: 'CourierNav', ...page('../features/deliveries/courier/current-delivery-page.tsx') },
  {
    path: 'courierRecord',
    ...page('../features/deliveries/courier/record/courier-record-page.tsx'),
  },
  { path: 'OrderStatus', ...page('../features/deliveries/buyer/order-status-page.tsx') },
  {
    path: 'vendorDeliveryRequest',
    ...page('../features/deliveries/vendor/vendor-requests-page.tsx'),
  },
  { path: '*', ...page('./shell/not-found-page.tsx', SSR) },
];

/** Pages without the header and search bar: the sign-in and sign-up pages stand alone. */
const bare: RouteObject[] = [
  { path: '/login', ...page('../features/accounts/login-page.tsx', SSR) },
  { path: '/register', ...page('../features/accounts/register-page.tsx', SSR) },
  { path: IDENTITY_PAGES.forgotPassword, ...page('../features/accounts/forgot-password-page.tsx') },
  { path: IDENTITY_PAGES.resetPassword, ...page('../features/accounts/reset-password-page.tsx') },
  { path: IDENTITY_PAGES.verifyEmail, ...page('../features/accounts/verify-email-page.tsx') },
  {
    path: '/courierNav/:deliveryId',
    ...page('../features/deliveries/courier/courier-nav-page.tsx'),
  },
];

/** Shown while the first route's code loads; the page appears within moments. */
function HydrateFallback() {
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback,
    children: withShell,
  },
  ...bare.map((r) => ({ ...r, errorElement: <RouteError />, HydrateFallback })),
];

/**
 * `serverRendered`: the page on screen came from the server, and the visitor may already have
 * scrolled it while its code loaded. Hydration data (none: no route has a loader) tells the
 * router the first page is already shown, so its ScrollRestoration keeps that position instead
 * of jumping to the top, under the pointer of someone about to click.
 */
export function createRouter({ serverRendered = false } = {}) {
  return createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined);
}

/**
 * Loads the code of the routes that match the current address, so a server-rendered page can
 * be hydrated at once (React Router renders nothing while a matched route is still lazy).
 */
export async function loadMatchedRoutes(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * What a page's code needs that takes longest to start (to evaluate: a library building its
 * classes, the contract building its schemas), by page module. A page's code is evaluated in
 * one go once all of it has loaded; these pieces, asked for beside it, are complete first and
 * each evaluated in a task of its own (about ten milliseconds each on a desktop, where the
 * delivery screen's code at once held the courier's dashboard for 30-40).
 */
const heavyImports: Record<string, PrefetchStep[]> = {
  '../features/deliveries/courier/courier-nav-page.tsx': [
    () => import('leaflet'),
    // zod with the contract's common rules, then the delivery schemas built from them.
    () => import('#shared/schemas/common.js'),
    () => import('#shared/schemas/deliveries.js'),
  ],
};

function heavyImportsOf(pathname: string): PrefetchStep[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const page = (route.handle as PageHandle | undefined)?.page;
    return (page && heavyImports[page]) || [];
  });
}

/**
 * Starts loading the code of the routes that match `pathname` without waiting for it: a page
 * opened directly fetches its code while the saved cache is being restored instead of after.
 * Its heavy imports start beside it, so they run in tasks of their own. The router's own load
 * of the route then finds the modules already on their way; a failure is the router's to show
 * (its route error), not this one's.
 */
export function preloadMatchedRoutes(pathname: string): void {
  for (const load of heavyImportsOf(pathname)) load().catch(() => undefined);
  void loadPages(pathname);
}

function loadPages(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    typeof route.lazy === 'function' ? route.lazy().catch(() => undefined) : undefined,
  );
  return Promise.all(loads);
}

/**
 * How to prefetch the page at `pathname` before the tap that opens it (lib/route-prefetch.ts):
 * its heavy imports one after the other, then its code.
 */
export function prefetchSteps(pathname: string): PrefetchStep[] {
  return [...heavyImportsOf(pathname), () => loadPages(pathname)];
}
