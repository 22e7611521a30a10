import { createBrowserRouter, type RouteObject } from 'react-router';
import { TEAM } from '../features/about/team';
import { AppLayout } from './shell/app-layout';
import { RouteError } from './shell/route-error';

/** Routes are lazily loaded so the home route stays light; paths match case-insensitively. */
const page =
  <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

const withShell: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/catalog/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'aboutTeam',
    lazy: page(
      () => import('../features/about/about-team-page'),
      (m) => m.AboutTeamPage,
    ),
  },
  ...TEAM.map((member) => ({
    path: `about${member.slug}`,
    lazy: page(
      () => import('../features/about/about-member-page'),
      (m) => m.AboutMemberPage,
    ),
    handle: { member: member.slug },
  })),
  {
    path: 'chats',
    lazy: page(
      () => import('../features/messages/chats-page'),
      (m) => m.ChatsPage,
    ),
  },
  {
    path: 'realUserProfile',
    lazy: page(
      () => import('../features/profile/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: 'userProfile',
    lazy: page(
      () => import('../features/profile/public-profile-page'),
      (m) => m.PublicProfilePage,
    ),
  },
  {
    path: 'userListings',
    lazy: page(
      () => import('../features/listings/user-listings-page'),
      (m) => m.UserListingsPage,
    ),
  },
  {
    path: 'vendorPage',
    lazy: page(
      () => import('../features/vendor/vendor-page'),
      (m) => m.VendorPage,
    ),
  },
  {
    path: 'productListing/:listingId',
    lazy: page(
      () => import('../features/product/product-page'),
      (m) => m.ProductPage,
    ),
  },
  {
    path: 'terms-of-service',
    lazy: page(
      () => import('../features/legal/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'user-agreement',
    lazy: page(
      () => import('../features/legal/user-agreement-page'),
      (m) => m.UserAgreementPage,
    ),
  },
  {
    path: 'courierPage',
    lazy: page(
      () => import('../features/courier/courier-page'),
      (m) => m.CourierPage,
    ),
  },
  {
    path: 'CourierNav',
    lazy: page(
      () => import('../features/courier/current-delivery-page'),
      (m) => m.CurrentDeliveryPage,
    ),
  },
  {
    path: 'OrderStatus',
    lazy: page(
      () => import('../features/orders/order-status-page'),
      (m) => m.OrderStatusPage,
    ),
  },
  {
    path: 'vendorDeliveryRequest',
    lazy: page(
      () => import('../features/vendor-requests/vendor-requests-page'),
      (m) => m.VendorRequestsPage,
    ),
  },
  {
    path: '*',
    lazy: page(
      () => import('./shell/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

/** Pages without the header and search bar (spec section 2). */
const bare: RouteObject[] = [
  {
    path: '/login',
    lazy: page(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: '/register',
    lazy: page(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: '/courierNav/:deliveryId',
    lazy: page(
      () => import('../features/courier-nav/courier-nav-page'),
      (m) => m.CourierNavPage,
    ),
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
