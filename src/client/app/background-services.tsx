import { lazy, Suspense, useEffect } from 'react';
import { CacheOwnerSync } from '../components/offline/cache-owner-sync';
import type { QueryPersistence } from '../lib/persist';
import { useSignedInOnce } from '../lib/session';
import { registerServiceWorker } from '../lib/sw-register';

const SignedInServices = lazy(() =>
  import('./signed-in-services').then((m) => ({ default: m.SignedInServices })),
);

/** Registers the service worker once the page has loaded, as Workbox advises. */
function registerAfterLoad() {
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * What runs beside every page: the service worker, the saved cache's owner, and (once someone
 * has signed in) the outbox and live events. Its own chunk, loaded right after the first
 * render (app-root.tsx), so none of it delays the first paint.
 */
export function BackgroundServices({ persistence }: { persistence: Promise<QueryPersistence> }) {
  const signedIn = useSignedInOnce();
  useEffect(registerAfterLoad, []);
  return (
    <>
      <CacheOwnerSync persistence={persistence} />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      )}
    </>
  );
}
