/**
 * Delivery reads, one definition per key: the user's requests and deliveries (as buyer and as
 * vendor; Order Status, the messages screen), the vendor's pending requests (the requests
 * screen, the vendor dashboard), and the courier's lists (dashboard, delivery screen).
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

export const vendorRequestsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.vendorRequests(userId),
    queryFn: () => api<DeliveryRequest[]>(API.vendorDeliveryRequests(userId)),
    // New requests arrive while the app is closed: always ask again when the screen opens.
    staleTime: 0,
  });

// Deliveries change under other couriers' hands: the cached lists show at once and are
// always refreshed when the dashboard opens (staleTime 0).
export const unassignedQuery = () =>
  queryOptions({
    queryKey: queryKeys.unassigned(),
    queryFn: () => api<DeliveryInstruction[]>(API.unassigned),
    staleTime: 0,
  });

export const courierDeliveriesQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.courierDeliveries(userId),
    queryFn: () => api<DeliveryInstruction[]>(API.courierDeliveries(userId)),
    staleTime: 0,
  });
