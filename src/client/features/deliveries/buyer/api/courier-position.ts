/** Where the courier of a delivery is: read once, then kept current by live events. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import { ORDER_STATUS_REFRESH_MS } from '#shared/constants.js';
import type { CourierPosition } from '#shared/live.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** `null` until the courier has shared a position. */
export const courierPositionQuery = (deliveryId: number) =>
  queryOptions({
    queryKey: queryKeys.courierPosition(deliveryId),
    queryFn: () => api<CourierPosition | null>(orderPaths.deliveryPosition(deliveryId)),
    staleTime: 0,
  });

/**
 * The latest position. `courier.position` events write into this query (lib/live-events.ts);
 * reading it again as often as the order status is the fallback when the stream is down.
 */
export function useCourierPosition(deliveryId: number) {
  return useQuery({
    ...courierPositionQuery(deliveryId),
    refetchInterval: ORDER_STATUS_REFRESH_MS,
  });
}

/** "3:05 PM": when the courier's position was taken. */
export function positionTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
