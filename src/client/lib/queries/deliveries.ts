/**
 * The signed-in user's delivery requests and deliveries (as buyer and as vendor): Order Status
 * reads both, the messages screen reads the deliveries to know who carries an order.
 */
import { queryOptions } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { DeliveryInstruction, DeliveryRequest } from '#shared/schemas/deliveries.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

// Orders move on while the app is closed: the (persisted) cache shows at once and is always
// refreshed when a screen opens (staleTime 0).
export const deliveryRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.deliveryRequests(),
    queryFn: () => api<DeliveryRequest[]>(API.deliveryRequests),
    staleTime: 0,
  });

export const deliveriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.deliveries(),
    queryFn: () => api<DeliveryInstruction[]>(API.deliveries),
    staleTime: 0,
  });
