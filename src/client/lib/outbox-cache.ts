import type { QueryClient } from '@tanstack/react-query';
import type { DeliveryStatus } from '#shared/delivery.js';
import type { StatusEntry } from '#shared/outbox.js';
import { isAhead } from './outbox-status';
import { queryKeys } from './query-keys';

type Delivery = { delivery_id: number; delivery_status: DeliveryStatus };

function isDelivery(value: unknown): value is Delivery {
  return typeof value === 'object' && value !== null && 'delivery_id' in value;
}

/**
 * Writes `status` into every cached copy of the delivery (detail and lists) that is behind it;
 * a give-up also clears its courier. Never steps a delivery back. Returns whether anything
 * changed.
 */
export function applyStatusToCache(
  client: QueryClient,
  deliveryId: number,
  status: DeliveryStatus,
): boolean {
  let changedAny = false;
  for (const [key, data] of client.getQueriesData<unknown>({ queryKey: queryKeys.deliveries() })) {
    let changed = false;
    const patch = (d: unknown) => {
      if (!isDelivery(d) || d.delivery_id !== deliveryId) return d;
      if (!isAhead(status, d.delivery_status)) return d;
      changed = true;
      return status === 'Unassigned'
        ? { ...d, delivery_status: status, courier_id: null }
        : { ...d, delivery_status: status };
    };
    const next = Array.isArray(data) ? data.map(patch) : patch(data);
    if (!changed) continue;
    changedAny = true;
    // Keep the server's time: "last updated" still says when the server was last heard.
    client.setQueryData(key, next, { updatedAt: client.getQueryState(key)?.dataUpdatedAt });
  }
  return changedAny;
}

/**
 * Optimistic UI that survives reloads and refetches: every screen reading deliveries from the
 * cache shows the changes still waiting in the outbox, since the outbox is the newer truth.
 */
export function overlayPending(client: QueryClient, pending: readonly StatusEntry[]): void {
  for (const entry of pending) applyStatusToCache(client, entry.deliveryId, entry.status);
}
