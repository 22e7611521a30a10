import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { TEAM_SLUGS } from '../features/about/team-slugs';
import { AppLayout } from './shell/app-layout';
import { RouteError } from './shell/route-error';

/**
 * Every page module, loaded when its route is first visited so the home route stays light.
 * The module's path travels in the route's handle: the server uses it to link the page's
 * chunk and CSS into a server-rendered page (src/server/ssr).
 */
const pages = import.meta.glob<Record<string, React.ComponentType>>([
  '../features/**/*-page.tsx',
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

function page(file: string, name: string, handle?: Omit<PageHandle, 'page'>) {
  const load = pages[file];
  if (!load) throw new Error(`No page module ${file}`);
  return {
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`${file} exports no ${name}`);
      return { Component };
    },
    handle: { ...handle, page: file } satisfies PageHandle,
  };
}

const withShell: RouteObject[] = [
  {
    index: true,
    ...page('../features/catalog/home-page.tsx', 'HomePage', { ssr: true }),
  },
  {
    path: 'aboutTeam',
    ...page('../features/about/about-team-page.tsx', 'AboutTeamPage', { ssr: true }),
  },
  ...TEAM_SLUGS.map((slug) => ({
    path: `about${slug}`,
    ...page('../features/about/about-member-page.tsx', 'AboutMemberPage', {
      member: slug,
      ssr: true,
    }),
  })),
  {
    path: 'chats',
    ...page('../features/messages/chats-page.tsx', 'ChatsPage'),
  },
  {
    path: 'realUserProfile',
    ...page('../features/profile/profile-page.tsx', 'ProfilePage'),
  },
  {
    path: 'userProfile',
    ...page('../features/profile/public-profile-page.tsx', 'PublicProfilePage'),
  },
  {
    path: 'userListings',
    ...page('../features/listings/user-listings-page.tsx', 'UserListingsPage'),
  },
  {
    path: 'vendorPage',
    ...page('../features/vendor/vendor-page.tsx', 'VendorPage'),
  },
  {
    path: 'editListing/:listingId',
    ...page('../features/listings/edit-listing-page.tsx', 'EditListingPage'),
  },
  {
    path: 'favorites',
    ...page('../features/catalog/favorites-page.tsx', 'FavoritesPage'),
  },
  {
    path: 'productListing/:listingId',
    ...page('../features/listings/product-page.tsx', 'ProductPage', { ssr: true }),
  },
  {
    path: 'terms-of-service',
    ...page('../features/legal/terms-page.tsx', 'TermsPage', { ssr: true }),
  },
  {
    path: 'user-agreement',
    ...page('../features/legal/user-agreement-page.tsx', 'UserAgreementPage', { ssr: true }),
  },
  {
    path: 'safety',
    ...page('../features/safety/safety-page.tsx', 'SafetyPage', { ssr: true }),
  },
  {
    path: 'moderation',
    ...page('../features/moderation/moderation-page.tsx', 'ModerationPage'),
  },
  {
    path: 'courierPage',
    ...page('../features/courier/courier-page.tsx', 'CourierPage'),
  },
  {
    path: 'CourierNav',
    ...page('../features/courier/current-delivery-page.tsx', 'CurrentDeliveryPage'),
  },
  {
    path: 'OrderStatus',
    ...page('../features/orders/order-status-page.tsx', 'OrderStatusPage'),
  },
  {
    path: 'vendorDeliveryRequest',
    ...page('../features/vendor-requests/vendor-requests-page.tsx', 'VendorRequestsPage'),
  },
  {
    path: '*',
    ...page('./shell/not-found-page.tsx', 'NotFoundPage'),
  },
];

/** Pages without the header and search bar: the sign-in and sign-up pages stand alone. */
const bare: RouteObject[] = [
  {
    path: '/login',
    ...page('../features/auth/login-page.tsx', 'LoginPage', { ssr: true }),
  },
  {
    path: '/register',
    ...page('../features/auth/register-page.tsx', 'RegisterPage', { ssr: true }),
  },
  {
    path: IDENTITY_PAGES.forgotPassword,
    ...page('../features/auth/forgot-password-page.tsx', 'ForgotPasswordPage'),
  },
  {
    path: IDENTITY_PAGES.resetPassword,
    ...page('../features/auth/reset-password-page.tsx', 'ResetPasswordPage'),
  },
  {
    path: IDENTITY_PAGES.verifyEmail,
    ...page('../features/auth/verify-email-page.tsx', 'VerifyEmailPage'),
  },
  {
    path: '/courierNav/:deliveryId',
    ...page('../features/courier-nav/courier-nav-page.tsx', 'CourierNavPage'),
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

export function createRouter() {
  return createBrowserRouter(routes);
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
