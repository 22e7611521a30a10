/** UNABLE TO DELIVER: the delivery goes back to the pool for another courier. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { DeliveryInstruction, UpdateDeliveryBody } from '#shared/schemas/deliveries.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

export function giveUpDelivery(deliveryId: number): Promise<DeliveryInstruction> {
  const body: UpdateDeliveryBody = { delivery_status: 'Unassigned', courier_id: null };
  return api<DeliveryInstruction>(API.delivery(deliveryId), { method: 'PUT', body });
}

export function useGiveUp(courierId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: giveUpDelivery,
    onError: (error) => console.warn('Could not unassign delivery', error),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.courierDeliveries(courierId) }),
        client.invalidateQueries({ queryKey: queryKeys.unassigned() }),
      ]),
  });
}
