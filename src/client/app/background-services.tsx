import { useEffect } from 'react';
import { CacheOwnerSync } from '../components/offline/cache-owner-sync';
import { LiveEvents } from '../components/live/live-events';
import { OutboxSync } from '../components/offline/outbox-sync';
import { startOutbox } from '../lib/outbox';
import type { QueryPersistence } from '../lib/persist';
import { registerServiceWorker } from '../lib/sw-register';

/** Registers the service worker once the page has loaded, as Workbox advises. */
function registerAfterLoad() {
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * What runs beside every page: the courier outbox and its replay triggers, the live-event
 * stream, the saved cache's owner and the service worker. Its own chunk, loaded right after
 * the first render (app-root.tsx), so none of it delays the first paint.
 */
export function BackgroundServices({ persistence }: { persistence: Promise<QueryPersistence> }) {
  useEffect(() => startOutbox(), []);
  useEffect(registerAfterLoad, []);
  return (
    <>
      <CacheOwnerSync persistence={persistence} />
      <OutboxSync />
      <LiveEvents />
    </>
  );
}
