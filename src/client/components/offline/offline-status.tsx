import { Suspense, useEffect } from 'react';
import { useOnline } from '#client/lib/online.js';
import { optionalPart } from '#client/lib/optional-part.js';
import { useSignedInOnce } from '#client/lib/session.js';
import { useHydrated } from '#client/lib/use-hydrated.js';
import './offline.css';

/** The offline bar before its chunk has come (or if it cannot come): the state, without the time. */
function OfflineBar() {
  return (
    <p className="offline-bar offline-bar--offline" role="status" data-testid="offline-banner">
      Offline
    </p>
  );
}

// The bar that says how old the data on screen is has its own chunk, fetched once the app has
// rendered, so it is in memory before the network goes.
let offlineBanner: Promise<() => React.ReactNode> | undefined;
const loadOfflineBanner = () =>
  (offlineBanner ??= import('./offline-banner').then((m) => m.OfflineBanner));
const OfflineBanner = optionalPart(loadOfflineBanner, OfflineBar);

// Their own chunks, loaded after the first render: the outbox's news only once someone has
// signed in (visitors have no outbox), the new-version prompt for everyone.
const PendingUpdates = optionalPart(() =>
  import('./pending-updates').then((m) => m.PendingUpdates),
);
const OutboxNotice = optionalPart(() => import('./outbox-notice').then((m) => m.OutboxNotice));
const UpdatePrompt = optionalPart(() => import('./update-prompt').then((m) => m.UpdatePrompt));

/**
 * Connection, outbox and version state on every screen. The lasting states (offline, updates
 * waiting) sit in the page flow above everything, so they never cover a screen's own sticky
 * header or action buttons; the passing news (synced, dropped, sign in, new version) floats
 * at the top until it is dismissed or fades.
 */
export function OfflineStatus() {
  const hydrated = useHydrated();
  const online = useOnline();
  const outbox = useSignedInOnce() && hydrated;
  useEffect(() => {
    if (hydrated) loadOfflineBanner().catch(() => undefined);
  }, [hydrated]);
  return (
    <>
      <div className="offline-status">
        {!online && (
          <Suspense fallback={<OfflineBar />}>
            <OfflineBanner />
          </Suspense>
        )}
        {outbox && (
          <Suspense fallback={null}>
            <PendingUpdates className="offline-bar offline-bar--pending" />
          </Suspense>
        )}
      </div>
      <div className="offline-toasts">
        {outbox && (
          <Suspense fallback={null}>
            <OutboxNotice />
          </Suspense>
        )}
        {hydrated && (
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        )}
      </div>
    </>
  );
}
