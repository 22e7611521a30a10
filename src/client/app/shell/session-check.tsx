import { useEffect } from 'react';
import { API } from '../../../shared/api-paths';
import type { MeResponse } from '../../../shared/schemas/users';
import { api } from '../../lib/api';
import { getSessionUser, updateSessionUser } from '../../lib/session';

/**
 * Once per page load, asks the server whether the stored session is still valid. A 401 expires
 * the stored user (see providers.tsx); success refreshes it (e.g. is_courier changed elsewhere).
 * Offline, the stored user stays so signed-in screens still render from the cache.
 */
export function SessionCheck() {
  useEffect(() => {
    if (!getSessionUser()) return;
    const controller = new AbortController();
    api<MeResponse>(API.me, { signal: controller.signal })
      .then(({ user }) => updateSessionUser(user))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return null;
}
