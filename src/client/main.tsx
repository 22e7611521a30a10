// First: before any module builds a schema (see the module).
import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { SERVER_DATA_ELEMENT_ID } from '#shared/constants.js';
import { AppRoot } from './app/app-root';
import { adoptPageCampus } from './lib/campus-adopt';
import { adoptPageTimeZone } from './lib/campus-time';
import { createRouter, loadMatchedRoutes, preloadMatchedRoutes } from './app/router';
import { watchInstallOffer } from './lib/install-offer';
import { followBrowserOnline } from './lib/online';
import { createQueryClient } from './lib/query-client';
import type { ServerData } from './lib/server-data';
import { expireSession, getSessionUser } from './lib/session';
import './styles/global.css';

/** Never keep the first paint waiting on a slow IndexedDB for longer than this. */
const RESTORE_WAIT_MS = 1500;

followBrowserOnline();
// Before anything renders: dates are written in the campus's zone, as the server wrote them,
// and the spots and maps are the campus's the server named.
adoptPageTimeZone();
adoptPageCampus();
// Before anything renders: the browser may offer installing the app at any moment.
watchInstallOffer();
const queryClient = createQueryClient();
// The saved cache (IndexedDB) is its own chunk: a server-rendered page does not wait for it.
const persistence = import('./lib/persist').then((m) => m.createQueryPersistence(queryClient));

function readServerData(): ServerData | null {
  const script = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerData;
  } catch {
    return null;
  }
}

async function boot() {
  const root = document.getElementById('root')!;
  const serverData = readServerData();
  // The cache is saved at most once a second: write the last changes when the app is put away.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persistence.then((p) => p.flush());
  });
  // A page left by a navigation lets go of IndexedDB on `pagehide` (page-idb-store.ts); what
  // it could not save then is written if the page comes back from the back/forward cache.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) setTimeout(() => void persistence.then((p) => p.flush()));
  });

  // The server rendered this page because the browser sent no session cookie: no one is signed
  // in, whatever an old copy in localStorage says.
  if (serverData) expireSession();
  // The saved cache of whoever is signed in (or of visitors), restored and then kept.
  const started = persistence.then(async (p) => {
    await p.start(getSessionUser()?.user_id ?? null);
    performance.mark('saved cache restored');
    return p;
  });

  if (serverData) {
    await loadMatchedRoutes(window.location);
    const router = createRouter({ serverRendered: true });
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread until the whole page is interactive.
    startTransition(() => {
      hydrateRoot(
        root,
        <AppRoot client={queryClient} serverData={serverData} persistence={started}>
          <RouterProvider router={router} />
        </AppRoot>,
      );
    });
    return;
  }

  // The page's code loads meanwhile. Then render from the saved cache, so the last seen data
  // shows even with no network.
  preloadMatchedRoutes(window.location.pathname);
  await Promise.race([started, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
  performance.mark('first render');
  createRoot(root).render(
    <AppRoot client={queryClient} persistence={started}>
      <RouterProvider router={createRouter()} />
    </AppRoot>,
  );
}

void boot();
