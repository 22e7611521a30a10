import { useEffect } from 'react';
import * as accountPaths from '#shared/api-paths/accounts.js';
import type { MeResponse } from '#shared/schemas/accounts.js';
import { api } from '#client/lib/api.js';
import { useOnline } from '#client/lib/online.js';
import { getSessionUser, updateSessionUser } from '#client/lib/session.js';

/**
 * At page load (and when the network returns), asks the server whether the stored session is
 * still valid. A 401 expires the stored user (see providers.tsx); success refreshes it (e.g.
 * is_courier changed elsewhere). Offline, the stored user stays so signed-in screens still
 * render from the cache, and nothing is asked.
 */
export function SessionCheck() {
  const online = useOnline();
  useEffect(() => {
    if (!online || !getSessionUser()) return;
    const controller = new AbortController();
    api<MeResponse>(accountPaths.me, { signal: controller.signal })
      .then(({ user }) => updateSessionUser(user))
      .catch(() => undefined);
    return () => controller.abort();
  }, [online]);
  return null;
}
