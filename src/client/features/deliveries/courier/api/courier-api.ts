/** The courier dashboard's reads and writes: deliveries, claiming one, and the shift toggle. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as accountPaths from '#shared/api-paths/accounts.js';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import type { DeliveryInstruction, UpdateDeliveryBody } from '#shared/schemas/deliveries.js';
import type { SessionUser, UpdateUserBody } from '#shared/schemas/accounts.js';
import { api, ApiError, isNetworkError } from '#client/lib/api.js';
import { courierDeliveriesQuery, unassignedQuery } from '#client/lib/queries/deliveries.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { updateSessionUser } from '#client/lib/session.js';

/** How often an on-shift courier's Available column asks for new work (live events aside). */
export const AVAILABLE_REFRESH_MS = 15_000;

export function useUnassigned(onShift: boolean) {
  return useQuery({
    ...unassignedQuery(),
    enabled: onShift,
    refetchInterval: onShift ? AVAILABLE_REFRESH_MS : false,
  });
}

export function useCourierDeliveries(userId: number) {
  return useQuery(courierDeliveriesQuery(userId));
}

export function claimDelivery(deliveryId: number, courierId: number) {
  const body: UpdateDeliveryBody = { courier_id: courierId, delivery_status: 'Assigned' };
  return api<DeliveryInstruction>(orderPaths.delivery(deliveryId), { method: 'PUT', body });
}

export const CLAIM_LOST_MESSAGE = 'Another courier already took this delivery.';

/** What the courier reads when a claim fails. */
export function claimErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'conflict') return CLAIM_LOST_MESSAGE;
  if (isNetworkError(error))
    return 'You appear to be offline. Try again when you have a connection.';
  return error instanceof Error && error.message ? error.message : 'Failed to assign delivery';
}

export function useClaimDelivery(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => claimDelivery(deliveryId, userId),
    onSuccess: (delivery) => {
      client.setQueryData(queryKeys.delivery(delivery.delivery_id), delivery);
      void client.invalidateQueries({ queryKey: queryKeys.courierDeliveries(userId) });
    },
    onError: (error) => console.warn('Failed to assign delivery', error),
    // Won or lost, the Available column is out of date now.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.unassigned() }),
  });
}

export function setShift(userId: number, onShift: boolean): Promise<SessionUser> {
  const body: UpdateUserBody = { on_shift: onShift ? 1 : 0 };
  return api<SessionUser>(accountPaths.user(userId), { method: 'PUT', body });
}

export function useShift(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (onShift: boolean) => setShift(userId, onShift),
    onSuccess: (user) => {
      updateSessionUser(user);
      void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
      void client.invalidateQueries({ queryKey: queryKeys.me() });
    },
  });
}
