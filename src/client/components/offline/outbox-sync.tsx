import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { onOutboxResult, replayNow } from '../../lib/outbox';
import { applyStatusToCache } from '../../lib/outbox-cache';
import { useSessionUser } from '../../lib/session';

/** Replays after sign-in and refetches deliveries once the server has the queued changes. */
export function OutboxSync() {
  const client = useQueryClient();
  const userId = useSessionUser()?.user_id ?? null;

  useEffect(
    () =>
      onOutboxResult((result) => {
        for (const entry of result.applied)
          applyStatusToCache(client, entry.deliveryId, entry.status);
        if (result.applied.length || result.dropped.length)
          void client.invalidateQueries({ queryKey: queryKeys.deliveries() });
      }),
    [client],
  );

  useEffect(() => {
    if (userId !== null && navigator.onLine) void replayNow();
  }, [userId]);

  return null;
}
