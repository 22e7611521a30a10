/** The vendor's pending delivery requests: list, decline, accept. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import type {
  AcceptBody,
  DeliveryInstruction,
  DeliveryRequest,
} from '#shared/schemas/deliveries.js';
import { api } from '#client/lib/api.js';
import { vendorRequestsQuery } from '#client/lib/queries/deliveries.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { useRefresh } from '#client/lib/use-refresh.js';

export function useVendorRequests(userId: number) {
  return useQuery(vendorRequestsQuery(userId));
}

export function declineRequest(requestId: number): Promise<DeliveryRequest> {
  return api<DeliveryRequest>(orderPaths.deliveryRequest(requestId), {
    method: 'PUT',
    body: { status: 'Denied' },
  });
}

export function acceptRequest(requestId: number, body: AcceptBody): Promise<DeliveryInstruction> {
  return api<DeliveryInstruction>(orderPaths.acceptRequest(requestId), { method: 'POST', body });
}

/** A settled request leaves the vendor's list at once; the server is asked again afterwards. */
function useSettled(userId: number) {
  const client = useQueryClient();
  const refresh = useRefresh(queryKeys.deliveryRequests(), queryKeys.deliveries());
  return {
    remove: (requestId: number) =>
      client.setQueryData<DeliveryRequest[]>(queryKeys.vendorRequests(userId), (old) =>
        old?.filter((r) => r.delivery_request_id !== requestId),
      ),
    refresh,
  };
}

export function useDeclineRequest(userId: number) {
  const settled = useSettled(userId);
  return useMutation({
    mutationFn: declineRequest,
    onSuccess: (_data, requestId) => settled.remove(requestId),
    onSettled: settled.refresh,
  });
}

export function useAcceptRequest(userId: number) {
  const settled = useSettled(userId);
  return useMutation({
    mutationFn: ({ requestId, body }: { requestId: number; body: AcceptBody }) =>
      acceptRequest(requestId, body),
    onSuccess: (_data, { requestId }) => settled.remove(requestId),
    onSettled: settled.refresh,
  });
}
