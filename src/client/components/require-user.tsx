import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import type { LoginState } from '../lib/login-reason';
import { useSessionUser } from '../lib/session';

/** Pages needing a user redirect to /login when nobody is signed in. */
export function RequireUser({ children }: { children: (user: SessionUser) => ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  // Back to the same address after signing in, query included (a mailed link's code).
  if (!user) {
    const state: LoginState = { from: location.pathname + location.search, reason: 'page' };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children(user)}</>;
}
