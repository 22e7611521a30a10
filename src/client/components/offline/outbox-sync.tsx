import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getOutboxState, onOutboxResult, replayNow, subscribeOutbox } from '#client/lib/outbox.js';
import { isSaleEntry, isStatusEntry } from '#shared/outbox.js';
import { applyStatusToCache, overlayPending } from '#client/lib/outbox-cache.js';
import { statusEntriesOf } from '#client/lib/outbox-hooks.js';
import { addSent, isDirectMessage } from '#client/lib/queries/messages.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { useSessionUser } from '#client/lib/session.js';

/**
 * Keeps the query cache and the outbox in step: waiting changes show on every delivery screen
 * (also after a reload or a refetch), the queue replays after sign-in, and deliveries are
 * refetched once the server has the changes.
 */
export function OutboxSync() {
  const client = useQueryClient();
  // A new object at every sign-in, also when the same courier signs in again after a 401.
  const user = useSessionUser();
  const userId = user?.user_id;

  useEffect(() => {
    if (userId === undefined) return;
    let applying = false;
    const apply = () => {
      if (applying) return;
      applying = true;
      try {
        overlayPending(client, statusEntriesOf(getOutboxState().entries, userId));
      } finally {
        applying = false;
      }
    };
    apply();
    const stopOutbox = subscribeOutbox(apply);
    const stopCache = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') apply();
    });
    return () => {
      stopOutbox();
      stopCache();
    };
  }, [client, userId]);

  useEffect(
    () =>
      onOutboxResult((result) => {
        for (const entry of result.applied)
          if (isStatusEntry(entry)) applyStatusToCache(client, entry.deliveryId, entry.status);
        // Messages the outbox sent show where they belong at once, from the server's answers.
        for (const message of result.delivered)
          if (isDirectMessage(message)) addSent(client, message);
        const statuses = [...result.applied, ...result.dropped.map((d) => d.entry)];
        if (statuses.some((e) => isStatusEntry(e)))
          void client.invalidateQueries({ queryKey: queryKeys.deliveries() });
        // Sale steps sent or refused: the offers, holds and meetings they changed are read
        // again, and a handover code sent late made a sale and sold the item.
        const sales = statuses.filter((e) => isSaleEntry(e));
        if (sales.length) {
          void client.invalidateQueries({ queryKey: queryKeys.offers() });
          void client.invalidateQueries({ queryKey: queryKeys.holds() });
          void client.invalidateQueries({ queryKey: queryKeys.meetings() });
        }
        if (sales.some((e) => e.request.body.action === 'complete')) {
          void client.invalidateQueries({ queryKey: queryKeys.sales() });
          void client.invalidateQueries({ queryKey: ['listings'] });
        }
        if (result.delivered.length)
          void client.invalidateQueries({ queryKey: queryKeys.messages() });
      }),
    [client],
  );

  useEffect(() => {
    if (user && navigator.onLine) void replayNow();
  }, [user]);

  return null;
}
