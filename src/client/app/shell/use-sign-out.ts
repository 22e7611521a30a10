import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as accountPaths from '#shared/api-paths/accounts.js';
import { api } from '#client/lib/api.js';
import { clearSession } from '#client/lib/session.js';

const SIGN_OUT_STATE = { signingOut: true } as const;

/**
 * Sign Out returns to / and only then forgets the user: a guarded page still on screen would
 * otherwise see "nobody signed in" first and send the person to /login. The rest happens in
 * `useFinishSignOut`, once / has rendered.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(() => navigate('/', { state: SIGN_OUT_STATE }), [navigate]);
}

/** On / after Sign Out: end the server session, clear all storage and the cached data. */
export function useFinishSignOut() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const signingOut = (location.state as { signingOut?: boolean } | null)?.signingOut === true;
  useEffect(() => {
    if (!signingOut) return;
    clearSession();
    client.clear();
    void navigate('/', { replace: true, state: null });
    api(accountPaths.logout, { method: 'POST', timeoutMs: 5_000 }).catch(() => {
      // Offline or already signed out: the local sign-out has happened.
    });
  }, [signingOut, client, navigate]);
}
