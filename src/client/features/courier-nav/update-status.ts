/**
 * The courier's progress updates (PICKED UP, FINISH DROP OFF): the one place they are sent
 * from, so they can be queued in an outbox and replayed when the courier is offline. The
 * device time travels with the update so a late replay still records when it happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { DeliveryInstruction, UpdateDeliveryBody } from '../../../shared/schemas/deliveries';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type ProgressStatus = 'Picked Up' | 'Delivered';

export interface StatusUpdate {
  deliveryId: number;
  status: ProgressStatus;
  /** ISO time on the device when the courier tapped the button. */
  deviceTime: string;
}

export const UPDATE_STATUS_MUTATION_KEY = ['deliveries', 'update-status'] as const;

/** A status update made now. */
export function statusUpdate(deliveryId: number, status: ProgressStatus): StatusUpdate {
  return { deliveryId, status, deviceTime: new Date().toISOString() };
}

export function updateDeliveryStatus({
  deliveryId,
  status,
  deviceTime,
}: StatusUpdate): Promise<DeliveryInstruction> {
  const body: UpdateDeliveryBody = { delivery_status: status, device_time: deviceTime };
  return api<DeliveryInstruction>(API.delivery(deliveryId), { method: 'PUT', body });
}

/** Shows the new status at once; a failure is only logged (spec section 8) and rolled back. */
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
    onSuccess: (delivery) =>
      client.setQueryData(queryKeys.delivery(delivery.delivery_id), delivery),
    onError: (error, { deliveryId }, context) => {
      console.warn('Failed to update delivery status', error);
      if (context?.previous) client.setQueryData(queryKeys.delivery(deliveryId), context.previous);
    },
    // The detail and the dashboard's lists alike.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.deliveries() }),
  });
}
