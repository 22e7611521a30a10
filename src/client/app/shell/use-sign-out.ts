import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { API } from '../../../shared/api-paths';
import { api } from '../../lib/api';
import { clearSession } from '../../lib/session';

/** Sign Out: ends the server session, clears all storage and cached data, returns to /. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api(API.logout, { method: 'POST', timeoutMs: 5_000 });
    } catch {
      // Offline or already signed out: the local sign-out below still happens.
    }
    // Leave first: a guarded page would otherwise send the person to /login on the way out.
    await navigate('/');
    clearSession();
    client.clear();
  }, [client, navigate]);
}
