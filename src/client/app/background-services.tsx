import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { DialogHost } from '../components/dialogs/dialog-host';
import { CacheOwnerSync } from '../components/offline/cache-owner-sync';
import { ConnectionTrouble } from '../components/offline/connection-trouble';
import { pageFromServer } from '../lib/campus-adopt';
import { onConnectionBack, watchConnection } from '../lib/connection';
import { optionalPart } from '../lib/optional-part';
import type { QueryPersistence } from '../lib/persist';
import { useSignedInOnce } from '../lib/session';
import { registerServiceWorker } from '../lib/sw-register';

const SignedInServices = optionalPart(() =>
  import('./signed-in-services').then((m) => m.SignedInServices),
);

/** Registers the service worker once the page has loaded, as Workbox advises. */
function registerAfterLoad() {
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * What runs beside every page: the service worker, the saved cache's owner, the watch on the
 * connection (after trouble every screen catches up at once, also its stuck or failed reads)
 * and its banner, the app's own alerts and confirmations, and (once someone has signed in) the outbox and live events. Its own chunk,
 * loaded right after the first render (app-root.tsx), so none of it delays the first paint;
 * it renders just above the offline banners (OfflineStatus), in the page flow like them.
 */
export function BackgroundServices({ persistence }: { persistence: Promise<QueryPersistence> }) {
  const signedIn = useSignedInOnce();
  const client = useQueryClient();
  useEffect(registerAfterLoad, []);
  // Started from the service worker's app shell: is the saved campus still the server's?
  useEffect(() => {
    if (!pageFromServer())
      void import('../lib/campus-refresh').then((m) => m.refreshSavedCampus(client));
  }, [client]);
  useEffect(watchConnection, []);
  useEffect(() => onConnectionBack(() => void client.refetchQueries({ type: 'active' })), [client]);
  return (
    <>
      <ConnectionTrouble />
      <CacheOwnerSync persistence={persistence} />
      <DialogHost />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      )}
    </>
  );
}
