import { lazy, Suspense } from 'react';
import { useSignedInOnce } from '#client/lib/session.js';
import { useHydrated } from '#client/lib/use-hydrated.js';
import { OfflineBanner } from './offline-banner';
import './offline.css';

// Their own chunks, loaded after the first render: the outbox's news only once someone has
// signed in (visitors have no outbox), the new-version prompt for everyone.
const PendingUpdates = lazy(() =>
  import('./pending-updates').then((m) => ({ default: m.PendingUpdates })),
);
const OutboxNotice = lazy(() =>
  import('./outbox-notice').then((m) => ({ default: m.OutboxNotice })),
);
const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/**
 * Connection, outbox and version state on every screen. The lasting states (offline, updates
 * waiting) sit in the page flow above everything, so they never cover a screen's own sticky
 * header or action buttons; the passing news (synced, dropped, sign in, new version) floats
 * at the top until it is dismissed or fades.
 */
export function OfflineStatus() {
  const hydrated = useHydrated();
  const outbox = useSignedInOnce() && hydrated;
  return (
    <>
      <div className="offline-status">
        <OfflineBanner />
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
