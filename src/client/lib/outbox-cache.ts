import type { QueryClient } from '@tanstack/react-query';
import type { DeliveryStatus } from '../../shared/delivery';
import { queryKeys } from './query-keys';

type Delivery = { delivery_id: number; delivery_status: DeliveryStatus };

function isDelivery(value: unknown): value is Delivery {
  return typeof value === 'object' && value !== null && 'delivery_id' in value;
}

/**
 * Writes a status the server has just accepted into every cached delivery (detail and lists),
 * so the screen does not step back between leaving the outbox and the refetch.
 */
export function applyStatusToCache(
  client: QueryClient,
  deliveryId: number,
  status: DeliveryStatus,
): void {
  const patch = (d: Delivery) =>
    d.delivery_id === deliveryId ? { ...d, delivery_status: status } : d;
  client.setQueriesData<unknown>({ queryKey: queryKeys.deliveries() }, (data: unknown) => {
    if (Array.isArray(data)) return data.map((d: unknown) => (isDelivery(d) ? patch(d) : d));
    return isDelivery(data) ? patch(data) : data;
  });
}
