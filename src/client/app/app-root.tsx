import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { OfflineStatus } from '../components/offline/offline-status';
import type { QueryPersistence } from '../lib/persist';
import { useHydrated } from '../lib/use-hydrated';
import { AppProviders } from './providers';

const BackgroundServices = lazy(() =>
  import('./background-services').then((m) => ({ default: m.BackgroundServices })),
);

interface AppRootProps {
  client: QueryClient;
  /** The data a server-rendered page was rendered with (entry-server.tsx). */
  serverState?: DehydratedState;
  /** The saved query cache; absent on the server. */
  persistence?: QueryPersistence;
  /** The router: the browser's, or the server's static one. */
  children: ReactNode;
}

/** The same tree in the browser and on the server, so server-rendered HTML hydrates as is. */
export function AppRoot({ client, serverState, persistence, children }: AppRootProps) {
  const hydrated = useHydrated();
  return (
    <StrictMode>
      <AppProviders client={client} serverState={serverState}>
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
