import type { DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/app-root';
import { createRouter, loadMatchedRoutes } from './app/router';
import { followBrowserOnline } from './lib/online';
import { createQueryPersistence } from './lib/persist';
import { createQueryClient } from './lib/query-client';
import { expireSession, getSessionUser } from './lib/session';
import './styles/global.css';

/** Never keep the first paint waiting on a slow IndexedDB for longer than this. */
const RESTORE_WAIT_MS = 1500;
/** Where the server puts the data of a page it rendered (src/server/ssr/page-html.ts). */
const SERVER_STATE_ID = 'server-state';

followBrowserOnline();
const queryClient = createQueryClient();
const persistence = createQueryPersistence(queryClient);

function readServerState(): DehydratedState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

async function boot() {
  const root = document.getElementById('root')!;
  const serverState = readServerState();
  // The cache is saved at most once a second: write the last changes when the app is put away.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persistence.flush();
  });

  if (serverState) {
    // The server rendered this page because the browser sent no session cookie: no one is
    // signed in, whatever an old copy in localStorage says.
    expireSession();
    void persistence.start(null);
    await loadMatchedRoutes(window.location);
    const router = createRouter();
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread until the whole page is interactive.
    startTransition(() => {
      hydrateRoot(
        root,
        <AppRoot client={queryClient} serverState={serverState} persistence={persistence}>
          <RouterProvider router={router} />
        </AppRoot>,
      );
    });
    return;
  }

  // Render from the saved cache, so the last seen data shows even with no network.
  await Promise.race([
    persistence.start(getSessionUser()?.user_id ?? null),
    new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
  ]);
  createRoot(root).render(
    <AppRoot client={queryClient} persistence={persistence}>
      <RouterProvider router={createRouter()} />
    </AppRoot>,
  );
}

void boot();
