import { Outlet, ScrollRestoration } from 'react-router';
import { SessionCheck } from './session-check';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useFinishSignOut } from './use-sign-out';

/** Header, page and footer for every route except /login, /register and /courierNav/{id}. */
export function AppLayout() {
  useFinishSignOut();
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
