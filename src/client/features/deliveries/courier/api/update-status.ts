/**
 * The courier's moves on the delivery screen (PICKED UP, FINISH DROP OFF, UNABLE TO DELIVER,
 * returning the item):
 * the one place they are sent from. The screen changes at the tap; within moments the move is
 * confirmed by the server or waits in the outbox (lib/outbox-send.ts) and replays when the
 * network returns. The device time travels with it so a late replay still records when it
 * happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxDetails, OutboxStatus } from '#shared/outbox.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { applyStatusToCache } from '#client/lib/outbox-cache.js';
import { sendStatusUpdate, type StatusUpdateOutcome } from '#client/lib/outbox-send.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { getSessionUser } from '#client/lib/session.js';

/** The moves that carry the courier on (giving up is `statusUpdate(id, 'Unassigned')`). */
export type ProgressStatus = Exclude<OutboxStatus, 'Unassigned'>;

export interface StatusUpdate {
  deliveryId: number;
  status: OutboxStatus;
  /** ISO time on the device when the courier tapped the button. */
  deviceTime: string;
  /** A drop-off's handover code and photo, a return's reason and note. */
  details?: OutboxDetails;
}

export const UPDATE_STATUS_MUTATION_KEY = ['deliveries', 'update-status'] as const;

/** A status update made now. */
export function statusUpdate(
  deliveryId: number,
  status: OutboxStatus,
  details?: OutboxDetails,
): StatusUpdate {
  return { deliveryId, status, deviceTime: new Date().toISOString(), ...(details && { details }) };
}

/** Sent now, or queued in the outbox when the network fails (then `queued` is true). */
export function updateDeliveryStatus(update: StatusUpdate): Promise<StatusUpdateOutcome> {
  const courierId = getSessionUser()?.user_id;
  if (courierId === undefined) return Promise.reject(new Error('Sign in to update a delivery.'));
  return sendStatusUpdate({ ...update, courierId });
}

interface Handlers {
  /** The server has it (not called when it waits in the outbox). */
  onConfirmed?: (update: StatusUpdate) => void;
  /** The server refused it (it is rolled back). */
  onRefused?: (update: StatusUpdate, error: Error) => void;
}

/**
 * Shows the new status at once; a queued update keeps it (waiting to sync), a refused one is
 * logged and rolled back. Nothing here waits on the network before the screen changes, and the
 * buttons stay usable (the next step is enabled by the new status).
 */
export function useUpdateDeliveryStatus({ onConfirmed, onRefused }: Handlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_STATUS_MUTATION_KEY,
    mutationFn: (update: StatusUpdate) => {
      // The change is in the journal before the screen shows it (a page left right after the
      // tap keeps it), then every cached copy shows it at once.
      const outcome = updateDeliveryStatus(update);
      applyStatusToCache(client, update.deliveryId, update.status);
      return outcome;
    },
    onMutate: ({ deliveryId }) => {
      const key = queryKeys.delivery(deliveryId);
      void client.cancelQueries({ queryKey: key });
      return { previous: client.getQueryData<DeliveryInstruction>(key) };
    },
    onSuccess: (outcome, update) => {
      if (outcome.queued) return;
      client.setQueryData(queryKeys.delivery(outcome.delivery.delivery_id), outcome.delivery);
      onConfirmed?.(update);
    },
    onError: (error, update, context) => {
      console.warn('Failed to update delivery status', error);
      if (context?.previous)
        client.setQueryData(queryKeys.delivery(update.deliveryId), context.previous);
      onRefused?.(update, error);
    },
    // The detail and the dashboard's lists alike; a queued update refetches once it synced.
    onSettled: (outcome) =>
      outcome?.queued ? undefined : client.invalidateQueries({ queryKey: queryKeys.deliveries() }),
  });
}
