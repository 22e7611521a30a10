import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as accountPaths from '#shared/api-paths/accounts.js';
import { api } from '#client/lib/api.js';
import { clearSession } from '#client/lib/session.js';

interface SignOutState {
  signingOut?: boolean;
  /** A sentence for / to show once the person is signed out (a deleted account says so). */
  notice?: string;
}

/**
 * Sign Out returns to / and only then forgets the user: a guarded page still on screen would
 * otherwise see "nobody signed in" first and send the person to /login. The rest happens in
 * `useFinishSignOut`, once / has rendered.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(
    (notice?: string) =>
      navigate('/', { state: { signingOut: true, notice } satisfies SignOutState }),
    [navigate],
  );
}

/** POST /api/logout: the server forgets the session (and this device's push subscription). */
function endServerSession(): Promise<unknown> {
  return api(accountPaths.logout, { method: 'POST', timeoutMs: 5_000 });
}

/**
 * On / after Sign Out: end the server session, clear all storage and the cached data. Answers
 * the notice the sign-out left, if any, and whether the signed-in person is still being
 * forgotten: until then the page itself is not shown, or its signed-in reads (the hearts' list
 * of favourites) would go out for someone whose session may already be gone (a deleted
 * account's), and fail.
 */
export function useFinishSignOut(): { notice: string | undefined; signingOut: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = location.state as SignOutState | null;
  const signingOut = state?.signingOut === true;
  const notice = state?.notice;
  const { mutate: logout } = useMutation({ mutationFn: endServerSession });
  useEffect(() => {
    if (!signingOut) return;
    clearSession();
    client.clear();
    void navigate('/', { replace: true, state: notice ? { notice } : null });
    // Offline or already signed out, it fails quietly: the local sign-out has happened.
    logout();
  }, [signingOut, notice, client, navigate, logout]);
  return { notice, signingOut };
}
