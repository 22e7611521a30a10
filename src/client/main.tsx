import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { LiveEvents } from './components/live/live-events';
import { CacheOwnerSync } from './components/offline/cache-owner-sync';
import { OfflineStatus } from './components/offline/offline-status';
import { OutboxSync } from './components/offline/outbox-sync';
import { followBrowserOnline } from './lib/online';
import { startOutbox } from './lib/outbox';
import { createQueryPersistence } from './lib/persist';
import { createQueryClient } from './lib/query-client';
import { getSessionUser } from './lib/session';
import { registerServiceWorker } from './lib/sw-register';
import './styles/global.css';

/** Never keep the first paint waiting on a slow IndexedDB for longer than this. */
const RESTORE_WAIT_MS = 1500;

followBrowserOnline();
const queryClient = createQueryClient();
const persistence = createQueryPersistence(queryClient);
const router = createRouter();

async function boot() {
  // Render from the saved cache, so the last seen data shows even with no network.
  await Promise.race([
    persistence.start(getSessionUser()?.user_id ?? null),
    new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
  ]);
  startOutbox();
  registerServiceWorker();
  // The cache is saved at most once a second: write the last changes when the app is put away.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persistence.flush();
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <CacheOwnerSync persistence={persistence} />
        <OutboxSync />
        <LiveEvents />
        <OfflineStatus />
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
