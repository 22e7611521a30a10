import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { parseSearch } from '#client/lib/search-state.js';
import { optionalPart } from '#client/lib/optional-part.js';
import { useSessionUser } from '#client/lib/session.js';
import { InstallAppOffer } from '#client/components/install/install-app-offer.js';
import { SearchForm } from './search-form';
import { UserMenu } from './user-menu';

/** Where the bell stands while its code loads, or when its code could not be loaded. */
function BellSlot() {
  return <span className="bell-slot" />;
}

// The bell and its count load once someone is signed in: the first page stays light. Code lost
// on the way (bad Wi-Fi, or a page left while it loaded) leaves the slot empty until the next
// start: the header, and the page under it, never fail for the bell.
const NotificationBell = optionalPart(
  () => import('./notification-bell').then((m) => m.NotificationBell),
  BellSlot,
);

/**
 * Logo (resets search and filters), category dropdown, search bar, Login or the user menu with
 * the notification bell. Visitors have no menu: "Install app" (while the app can be installed)
 * sits beside Login.
 */
export function SiteHeader() {
  const user = useSessionUser();
  const location = useLocation();
  const onHome = location.pathname === '/';
  const search = onHome ? parseSearch(new URLSearchParams(location.search)) : null;
  const category = search?.category ?? '';
  const word = search?.title ?? '';
  // The form re-reads the URL on back/forward and when the logo resets the search.
  const formKey = onHome ? `${category}|${word}` : 'away';

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo" aria-label="Gator Market home (clears the search)">
          <img src="/icons/icon-192.png" alt="" width="36" height="36" />
          <span className="logo-text">
            Gator <span>Market</span>
          </span>
        </Link>
        <SearchForm key={formKey} initialCategory={category} initialWord={word} />
        {user && (
          // Beside the account on one row; on its own at the logo's right when a long username
          // moves the account to a row of its own, so the whole name still shows on a phone.
          <Suspense fallback={<BellSlot />}>
            <NotificationBell />
          </Suspense>
        )}
        <div className="account">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <InstallAppOffer place="header" />
              <Link
                to="/login"
                state={{ from: location.pathname + location.search }}
                className="btn btn-gold"
              >
                Login
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
