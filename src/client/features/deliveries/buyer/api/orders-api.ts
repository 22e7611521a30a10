/** The buyer's orders: their delivery requests with the status of the matching delivery. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ORDER_STATUS_REFRESH_MS } from '#shared/constants.js';
import { deliveryOfRequest, isActiveDelivery, orderStatus } from '#shared/delivery.js';
import type { DeliveryRequest, OwnDeliveryInstruction } from '#shared/schemas/deliveries.js';
import { noAnswer } from '#client/components/ui/status.js';
import { deliveriesQuery, deliveryRequestsQuery } from '#client/lib/queries/deliveries.js';

export interface Order extends DeliveryRequest {
  /** What the buyer sees: the delivery's status, else the request's, else Pending. */
  shownStatus: string;
  /** The order's delivery once the vendor accepted it (its code, proof, reason, rating). */
  delivery: OwnDeliveryInstruction | null;
  /** The delivery while a courier has it (Assigned or Picked Up): shown on a live map. */
  activeDelivery: OwnDeliveryInstruction | null;
}

/** The order's delivery while a courier has it, matched like its status. */
export function activeDeliveryOf(
  request: DeliveryRequest,
  instructions: readonly OwnDeliveryInstruction[],
): OwnDeliveryInstruction | null {
  const delivery = deliveryOfRequest(request, instructions);
  return delivery && isActiveDelivery(delivery.delivery_status) ? delivery : null;
}

/** The buyer's own requests (the server also returns the ones they sell) with their status. */
export function buyerOrders(
  buyerId: number,
  requests: readonly DeliveryRequest[],
  instructions: readonly OwnDeliveryInstruction[],
): Order[] {
  const mine = instructions.filter((i) => i.buyer_id === buyerId);
  return requests
    .filter((r) => r.buyer_id === buyerId)
    .map((r) => ({
      ...r,
      shownStatus: orderStatus(r, mine),
      delivery: deliveryOfRequest(r, mine) ?? null,
      activeDelivery: activeDeliveryOf(r, mine),
    }));
}

export type OrdersState =
  | { state: 'loading' }
  | { state: 'error'; message: string; retry: () => unknown }
  | { state: 'ready'; orders: Order[] };

/** Both lists, refreshed every 10 seconds so a buyer sees their order move. */
export function useOrders(buyerId: number): OrdersState {
  const requests = useQuery({
    ...deliveryRequestsQuery(),
    refetchInterval: ORDER_STATUS_REFRESH_MS,
  });
  const deliveries = useQuery({ ...deliveriesQuery(), refetchInterval: ORDER_STATUS_REFRESH_MS });
  // Built again only when an answer changed, not each time a refetch starts or ends: each order
  // keeps its identity, and the screen re-renders only the ones that changed.
  const orders = useMemo(
    () =>
      requests.data && deliveries.data
        ? buyerOrders(buyerId, requests.data, deliveries.data)
        : null,
    [buyerId, requests.data, deliveries.data],
  );
  if (orders) return { state: 'ready', orders };
  // A try that got no answer within its deadline is an error already (while the retries go on
  // behind it): never an endless "Loading…".
  const failed = (q: { data?: unknown; isError: boolean; failureReason: unknown }) =>
    !q.data && (q.isError || noAnswer(q.failureReason) !== null);
  if (failed(requests)) {
    return {
      state: 'error',
      message: 'Failed to fetch delivery requests',
      retry: requests.refetch,
    };
  }
  if (failed(deliveries)) {
    return {
      state: 'error',
      message: 'Failed to fetch delivery instructions',
      retry: deliveries.refetch,
    };
  }
  return { state: 'loading' };
}
