import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AppLayout } from '#client/app/shell/app-layout.js';
import { DialogHost } from '#client/components/dialogs/dialog-host.js';
import { clearSession } from '#client/lib/session.js';
import './dialogs';

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
