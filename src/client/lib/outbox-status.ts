import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/delivery.js';
import type { OutboxEntry, StatusEntry } from '#shared/outbox.js';

export interface EffectiveStatus {
  status: DeliveryStatus;
  /** True while the shown status is a change still waiting in the outbox. */
  waitingToSync: boolean;
}

/**
 * Whether a waiting change is ahead of what the server said: a step forward, or a give-up
 * (Unassigned) of a delivery still Assigned. Never a step back.
 */
export function isAhead(next: DeliveryStatus, current: DeliveryStatus): boolean {
  if (next === 'Unassigned') return current === 'Assigned';
  return DELIVERY_STATUSES.indexOf(next) > DELIVERY_STATUSES.indexOf(current);
}

/**
 * The status a courier should see: the latest change still waiting in the outbox for this
 * delivery, else what the server last said (optimistic UI that survives reloads).
 */
export function effectiveStatus(
  delivery: { delivery_id: number; delivery_status: DeliveryStatus },
  pending: readonly OutboxEntry[],
): EffectiveStatus {
  // A message (no delivery) is never one of them.
  const waiting = pending
    .filter((e): e is StatusEntry => e.deliveryId === delivery.delivery_id)
    .at(-1);
  // The server may be ahead already (changed from another device): never show a step back.
  return waiting && isAhead(waiting.status, delivery.delivery_status)
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
