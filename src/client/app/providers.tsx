import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setUnauthorizedHandler } from '../lib/api';
import { expireSession } from '../lib/session';

// When the server says the session is gone, the stored user goes too, so guarded pages send
// the person to /login instead of showing errors.
setUnauthorizedHandler(expireSession);

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
