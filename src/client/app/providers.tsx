import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { setUnauthorizedHandler } from '../lib/api';
import { releaseServerData, seedServerData, type ServerData } from '../lib/server-data';
import { expireSession } from '../lib/session';

// When the server says the session is gone, the stored user goes too, so guarded pages send
// the person to /login instead of showing errors.
setUnauthorizedHandler(expireSession);

/**
 * Data restored from the saved cache at start-up may predate changes made just before a
 * reload (a listing marked sold, a request sent). It still renders at once (also offline), but
 * every screen re-checks it with the server when it mounts.
 */
function markRestoredDataStale(client: QueryClient) {
  for (const query of client.getQueryCache().getAll()) query.invalidate();
}

interface AppProvidersProps {
  client: QueryClient;
  /** Fresh data a server-rendered page came with: used as is, not re-checked at once. */
  serverData?: ServerData;
  children: ReactNode;
}

export function AppProviders({ client, serverData, children }: AppProvidersProps) {
  useState(() => {
    markRestoredDataStale(client);
    if (serverData) seedServerData(client, serverData);
  });
  useEffect(() => {
    if (serverData) releaseServerData(client, serverData);
  }, [client, serverData]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
