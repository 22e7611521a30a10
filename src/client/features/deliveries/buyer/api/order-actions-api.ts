/** What a buyer does with an order beyond watching it: cancel it, rate the courier. */
import { useMutation } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import { DELIVERY_PROOF_API } from '#shared/handover.js';
import type {
  DeliveryInstruction,
  DeliveryRating,
  DeliveryRatingBody,
  DeliveryRequest,
  UpdateDeliveryBody,
  UpdateDeliveryRequestBody,
} from '#shared/schemas/deliveries.js';
import { api } from '#client/lib/api.js';
import { postCreate } from '#client/lib/idempotency-key.js';
import { retryLostAnswer } from '#client/lib/use-send-key.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { useRefresh } from '#client/lib/use-refresh.js';
import type { Order } from './orders-api';

/**
 * A Pending request is cancelled as a request; once the vendor accepted it, its delivery is
 * (before pick-up; the server takes the request with it).
 */
export function cancelOrder(
  order: Order,
  reason: string,
): Promise<DeliveryInstruction | DeliveryRequest> {
  if (order.delivery) {
    const body: UpdateDeliveryBody = { delivery_status: 'Cancelled', reason };
    return api<DeliveryInstruction>(orderPaths.delivery(order.delivery.delivery_id), {
      method: 'PUT',
      body,
    });
  }
  const body: UpdateDeliveryRequestBody = { status: 'Cancelled', reason };
  return api<DeliveryRequest>(orderPaths.deliveryRequest(order.delivery_request_id), {
    method: 'PUT',
    body,
  });
}

/** A create: its Idempotency-Key is the same on every try (decision 021). */
export function rateCourier(deliveryId: number, body: DeliveryRatingBody, key: string) {
  return postCreate<DeliveryRating>(DELIVERY_PROOF_API.rating(deliveryId), body, key);
}

/** Both of the buyer's lists are read again after either change. */
function useRefreshOrders() {
  return useRefresh(queryKeys.deliveryRequests(), queryKeys.deliveries());
}

export function useCancelOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ order, reason }: { order: Order; reason: string }) => cancelOrder(order, reason),
    onSettled: refresh,
  });
}

interface Rating {
  deliveryId: number;
  body: DeliveryRatingBody;
  key: string;
}

export function useRateCourier() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ deliveryId, body, key }: Rating) => rateCourier(deliveryId, body, key),
    retry: retryLostAnswer,
    onSettled: refresh,
  });
}
