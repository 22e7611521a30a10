import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { OfflineBanner } from './offline-banner';
import './offline.css';

// The outbox and the service worker's news load after the first render, in their own chunks:
// they have nothing to say before the app has started them.
const PendingUpdates = lazy(() =>
  import('./pending-updates').then((m) => ({ default: m.PendingUpdates })),
);
const OfflineToasts = lazy(() =>
  import('./offline-toasts').then((m) => ({ default: m.OfflineToasts })),
);

/**
 * Connection, outbox and version state on every screen. The lasting states (offline, updates
 * waiting) sit in the page flow above everything, so they never cover a screen's own sticky
 * header or action buttons; the passing news (synced, dropped, sign in, new version) floats
 * at the top until it is dismissed or fades.
 */
export function OfflineStatus() {
  const hydrated = useHydrated();
  return (
    <>
      <div className="offline-status">
        <OfflineBanner />
        {hydrated && (
          <Suspense fallback={null}>
            <PendingUpdates className="offline-bar offline-bar--pending" />
          </Suspense>
        )}
      </div>
      <div className="offline-toasts">
        {hydrated && (
          <Suspense fallback={null}>
            <OfflineToasts />
          </Suspense>
        )}
      </div>
    </>
  );
}
