import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/delivery.js';
import type { OutboxEntry } from '#shared/outbox.js';

export interface EffectiveStatus {
  status: DeliveryStatus;
  /** True while the shown status is a change still waiting in the outbox. */
  waitingToSync: boolean;
}

/**
 * The status a courier should see: the latest change still waiting in the outbox for this
 * delivery, else what the server last said (optimistic UI that survives reloads).
 */
export function effectiveStatus(
  delivery: { delivery_id: number; delivery_status: DeliveryStatus },
  pending: readonly OutboxEntry[],
): EffectiveStatus {
  const waiting = pending.filter((e) => e.deliveryId === delivery.delivery_id).at(-1);
  // The server may be ahead already (changed from another device): never show a step back.
  return waiting &&
    DELIVERY_STATUSES.indexOf(waiting.status) > DELIVERY_STATUSES.indexOf(delivery.delivery_status)
    ? { status: waiting.status, waitingToSync: true }
    : { status: delivery.delivery_status, waitingToSync: false };
}

/** `delivery` with its waiting status applied, for lists and columns. */
export function withPendingStatus<
  T extends { delivery_id: number; delivery_status: DeliveryStatus },
>(delivery: T, pending: readonly OutboxEntry[]): T & { waitingToSync: boolean } {
  const { status, waitingToSync } = effectiveStatus(delivery, pending);
  return { ...delivery, delivery_status: status, waitingToSync };
}
