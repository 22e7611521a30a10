import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { APP_READY_ATTRIBUTE } from '#shared/constants.js';
import { OfflineStatus } from '../components/offline/offline-status';
import { optionalPart } from '../lib/optional-part';
import type { QueryPersistence } from '../lib/persist';
import type { ServerData } from '../lib/server-data';
import { useHydrated } from '../lib/use-hydrated';
import { AppProviders } from './providers';

// The service worker, dialogs and the signed-in services: without their code (lost on bad
// Wi-Fi) the page still works, and the next start brings them.
const BackgroundServices = optionalPart(() =>
  import('./background-services').then((m) => m.BackgroundServices),
);

/**
 * From here on the app handles links (deferred-start.ts lets the browser have them until then):
 * once hydration and what follows it have settled, when the browser is next idle. A click
 * in the moments around hydration's end could otherwise be taken and go nowhere.
 */
function markReadyWhenIdle() {
  const mark = () => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(mark, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(mark, 500);
  return () => clearTimeout(id);
}

interface AppRootProps {
  client: QueryClient;
  /** The data a server-rendered page was rendered with (entry-server.tsx). */
  serverData?: ServerData;
  /** The saved query cache once it has started; absent on the server. */
  persistence?: Promise<QueryPersistence>;
  /** The router: the browser's, or the server's static one. */
  children: ReactNode;
}

/** The same tree in the browser and on the server, so server-rendered HTML hydrates as is. */
export function AppRoot({ client, serverData, persistence, children }: AppRootProps) {
  const hydrated = useHydrated();
  useEffect(markReadyWhenIdle, []);
  return (
    <StrictMode>
      <AppProviders client={client} serverData={serverData}>
        {hydrated && persistence && (
          <Suspense fallback={null}>
            <BackgroundServices persistence={persistence} />
          </Suspense>
        )}
        <OfflineStatus />
        {children}
      </AppProviders>
    </StrictMode>
  );
}
