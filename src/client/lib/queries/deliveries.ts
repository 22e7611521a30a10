/**
 * Delivery reads, one definition per key: the user's requests and deliveries (as buyer and as
 * vendor; Order Status, the messages screen), the vendor's pending requests (the requests
 * screen, the vendor dashboard), and the courier's lists (dashboard, delivery screen).
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import type {
  CourierDeliveryInstruction,
  DeliveryInstruction,
  DeliveryRequest,
} from '#shared/schemas/deliveries.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/**
 * Lists that move on while the app is closed (orders, requests, other couriers' claims): the
 * saved copy shows at once, and every screen that opens one asks again (staleTime 0).
 */
function alwaysAsked<T, K extends QueryKey>(queryKey: K, queryFn: () => Promise<T>) {
  return queryOptions({ queryKey, queryFn, staleTime: 0 });
}

export const deliveryRequestsQuery = () =>
  alwaysAsked(queryKeys.deliveryRequests(), () =>
    api<DeliveryRequest[]>(orderPaths.deliveryRequests),
  );

export const deliveriesQuery = () =>
  alwaysAsked(queryKeys.deliveries(), () => api<DeliveryInstruction[]>(orderPaths.deliveries));

export const vendorRequestsQuery = (userId: number) =>
  alwaysAsked(queryKeys.vendorRequests(userId), () =>
    api<DeliveryRequest[]>(orderPaths.vendorDeliveryRequests(userId)),
  );

export const unassignedQuery = () =>
  alwaysAsked(queryKeys.unassigned(), () => api<DeliveryInstruction[]>(orderPaths.unassigned));

export const courierDeliveriesQuery = (userId: number) =>
  alwaysAsked(queryKeys.courierDeliveries(userId), () =>
    api<CourierDeliveryInstruction[]>(orderPaths.courierDeliveries(userId)),
  );
