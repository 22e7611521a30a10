import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { AppLayout } from '#client/app/shell/app-layout.js';
import { DialogHost } from '#client/components/dialogs/dialog-host.js';
import { clearSession } from '#client/lib/session.js';
import './dialogs';
import { never, reply, stubApi } from './fetch-stub';
import { signIn } from './data';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Shows where the app navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

interface Options {
  /** The route pattern the element is mounted at. */
  path?: string;
  /** The URL the test starts at. */
  url?: string;
  routes?: RouteObject[];
}

/** Renders a screen inside a memory router and a fresh query client, with the app's dialogs. */
export function renderAt(
  element: ReactNode,
  { path = '/', url = path, routes = [] }: Options = {},
) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <h1>Login page</h1> },
      ...routes,
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup({ applyAccept: false });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { ...result, client, router, user };
}

/** The app's shell (header, footer) at /, with a location probe as its page. */
export function renderShell() {
  return renderAt(null, {
    path: '/unused',
    url: '/',
    routes: [
      {
        path: '/',
        element: <AppLayout />,
        children: [{ index: true, element: <LocationProbe /> }],
      },
    ],
  });
}

export const currentPath = (router: {
  state: { location: { pathname: string; search: string } };
}) => router.state.location.pathname + router.state.location.search;

export { screen };

/** The test that a page behind sign-in, opened by `open` with nobody signed in, goes to /login. */
export function itSendsSignedOutToLogin(open: () => unknown) {
  it('redirects to /login when nobody is signed in', async () => {
    stubApi({});
    open();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });
}

/**
 * The states of a signed-in list read from `route` ('GET /api/…'): sign-in first, then loading,
 * empty (`empty` shown) and the server's error as an alert.
 */
export function itShowsListStates(open: () => unknown, route: string, empty: RegExp) {
  itSendsSignedOutToLogin(open);

  it('shows a loading state', () => {
    signIn();
    stubApi({ [route]: never });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows an empty state', async () => {
    signIn();
    stubApi({ [route]: [] });
    open();
    expect(await screen.findByText(empty)).toBeVisible();
  });

  it('shows an error state', async () => {
    signIn();
    stubApi({ [route]: reply(500, { message: 'Database down' }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down');
  });
}
