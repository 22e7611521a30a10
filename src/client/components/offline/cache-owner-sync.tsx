import { useEffect } from 'react';
import type { QueryPersistence } from '#client/lib/persist.js';
import { useSessionUser } from '#client/lib/session.js';

/** Switches the saved query cache when the signed-in user changes (sign-in, out, expiry). */
export function CacheOwnerSync({ persistence }: { persistence: Promise<QueryPersistence> }) {
  const userId = useSessionUser()?.user_id ?? null;
  useEffect(() => {
    void persistence.then((p) => p.switchUser(userId));
  }, [persistence, userId]);
  return null;
}
