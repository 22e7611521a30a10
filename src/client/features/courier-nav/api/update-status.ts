/**
 * The courier's progress updates (PICKED UP, FINISH DROP OFF): the one place they are sent
 * from. Without a network (or on a timeout or 5xx) they wait in the outbox (lib/outbox-send.ts)
 * and replay when it returns. The device time travels with the update so a late replay still
 * records when it happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxDetails } from '#shared/outbox.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { sendStatusUpdate, type StatusUpdateOutcome } from '#client/lib/outbox-send.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { getSessionUser } from '#client/lib/session.js';

export type ProgressStatus = 'Picked Up' | 'Delivered' | 'Returned';

export interface StatusUpdate {
  deliveryId: number;
  status: ProgressStatus;
  /** ISO time on the device when the courier tapped the button. */
  deviceTime: string;
  /** A drop-off's handover code and photo, a return's reason and note. */
  details?: OutboxDetails;
}

export const UPDATE_STATUS_MUTATION_KEY = ['deliveries', 'update-status'] as const;

/** A status update made now. */
export function statusUpdate(
  deliveryId: number,
  status: ProgressStatus,
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

/**
 * Shows the new status at once; a queued update keeps it (waiting to sync), a refused one is
 * only logged (the courier's screen shows no error dialog) and rolled back.
 */
export function useUpdateDeliveryStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_STATUS_MUTATION_KEY,
    mutationFn: updateDeliveryStatus,
    onMutate: async ({ deliveryId, status }) => {
      const key = queryKeys.delivery(deliveryId);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<DeliveryInstruction>(key);
      if (previous) client.setQueryData(key, { ...previous, delivery_status: status });
      return { previous };
    },
    onSuccess: (outcome) => {
      if (!outcome.queued)
        client.setQueryData(queryKeys.delivery(outcome.delivery.delivery_id), outcome.delivery);
    },
    onError: (error, { deliveryId }, context) => {
      console.warn('Failed to update delivery status', error);
      if (context?.previous) client.setQueryData(queryKeys.delivery(deliveryId), context.previous);
    },
    // The detail and the dashboard's lists alike; a queued update refetches once it synced.
    onSettled: (outcome) =>
      outcome?.queued ? undefined : client.invalidateQueries({ queryKey: queryKeys.deliveries() }),
  });
}
