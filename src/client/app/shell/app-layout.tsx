import { Outlet, ScrollRestoration } from 'react-router';
import { useLiveEvents } from '../../lib/live-events';
import { useSessionUser } from '../../lib/session';
import { SessionCheck } from './session-check';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, page and footer for every route except /login, /register and /courierNav/{id}. */
export function AppLayout() {
  // Chats, orders and deliveries refresh when the server says they changed.
  useLiveEvents(useSessionUser()?.user_id ?? null);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <SessionCheck />
    </>
  );
}
