import { Outlet, ScrollRestoration } from 'react-router';
import { SessionCheck } from './session-check';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useFinishSignOut } from '#client/lib/sign-out.js';

/** Header, page and footer for every route except /login, /register and /courierNav/{id}. */
export function AppLayout() {
  const { notice, signingOut } = useFinishSignOut();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {notice && (
          <p className="form-success page" role="status">
            {notice}
          </p>
        )}
        {!signingOut && <Outlet />}
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <SessionCheck />
    </>
  );
}
