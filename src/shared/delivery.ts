/** Delivery state machines, enforced by the server and read by the client. */

export const DELIVERY_REQUEST_STATUSES = ['Pending', 'Denied', 'Approved'] as const;
export type DeliveryRequestStatus = (typeof DELIVERY_REQUEST_STATUSES)[number];

export const DELIVERY_STATUSES = ['Unassigned', 'Assigned', 'Picked Up', 'Delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The status shown when none is given. */
export const DEFAULT_DISPLAY_STATUS: DeliveryStatus = 'Assigned';
/** What the buyer sees when there is neither an instruction nor a request. */
export const DEFAULT_ORDER_STATUS = 'Pending';

/** Forward moves a courier makes; `Assigned -> Unassigned` is giving up. */
const DELIVERY_MOVES: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  Unassigned: ['Assigned'],
  Assigned: ['Picked Up', 'Unassigned'],
  'Picked Up': ['Delivered'],
  Delivered: [],
};

export type TransitionCheck = 'ok' | 'repeat' | 'illegal';

/** Is `from -> to` a move of the state machine, a harmless repeat, or illegal? */
export function checkDeliveryTransition(from: DeliveryStatus, to: DeliveryStatus): TransitionCheck {
  if (from === to) return 'repeat';
  return DELIVERY_MOVES[from].includes(to) ? 'ok' : 'illegal';
}

export function checkRequestTransition(
  from: DeliveryRequestStatus,
  to: DeliveryRequestStatus,
): TransitionCheck {
  if (from === to) return 'repeat';
  return from === 'Pending' && to !== 'Pending' ? 'ok' : 'illegal';
}

/** Statuses in which a courier is out on the delivery and may share a position. */
export const ACTIVE_DELIVERY_STATUSES = [
  'Assigned',
  'Picked Up',
] as const satisfies readonly DeliveryStatus[];

/**
 * Statuses of a delivery that has not ended: waiting for a courier or on the road. Its buyer,
 * seller and courier cannot delete their accounts until it has.
 */
export const UNDER_WAY_DELIVERY_STATUSES = [
  'Unassigned',
  ...ACTIVE_DELIVERY_STATUSES,
] as const satisfies readonly DeliveryStatus[];

export function isActiveDelivery(status: DeliveryStatus): boolean {
  return (ACTIVE_DELIVERY_STATUSES as readonly DeliveryStatus[]).includes(status);
}

/**
 * The courier and the buyer (and vendor) of a delivery may message each other about its listing
 * while it is under way and for this long after it was Delivered ("I left it at the desk").
 */
export const COURIER_CHAT_AFTER_DELIVERY_MS = 7 * 24 * 60 * 60 * 1000;

/** May the courier and the buyer of this delivery still message each other at `now`? */
export function courierChatOpen(
  d: { delivery_status: DeliveryStatus; updated_at: string },
  now: number,
): boolean {
  if (isActiveDelivery(d.delivery_status)) return true;
  return (
    d.delivery_status === 'Delivered' &&
    now - Date.parse(d.updated_at) < COURIER_CHAT_AFTER_DELIVERY_MS
  );
}

/** The progress bar of the courier screen, in order. */
export const PROGRESS_STEPS = [
  'Assigned',
  'Picked Up',
  'Delivered',
] as const satisfies readonly DeliveryStatus[];

export interface CourierActions {
  pickedUp: boolean;
  finishDropOff: boolean;
  unableToDeliver: boolean;
}

/** Which action buttons the courier screen enables for a status. */
export function courierActions(status: DeliveryStatus | null | undefined): CourierActions {
  const current = status ?? DEFAULT_DISPLAY_STATUS;
  return {
    pickedUp: current === 'Assigned',
    finishDropOff: current === 'Picked Up',
    unableToDeliver: current === 'Assigned',
  };
}

export type CourierColumn = 'available' | 'inProgress' | 'delivered';

/** The courier dashboard column a delivery belongs in. */
export function courierColumn(status: DeliveryStatus): CourierColumn {
  if (status === 'Unassigned') return 'available';
  if (status === 'Delivered') return 'delivered';
  return 'inProgress';
}

/** The map centres on the pickup while Assigned, otherwise on the dropoff. */
export function mapFocus(status: DeliveryStatus | null | undefined): 'pickup' | 'dropoff' {
  return (status ?? DEFAULT_DISPLAY_STATUS) === 'Assigned' ? 'pickup' : 'dropoff';
}

/**
 * Order status shown to the buyer: the delivery instruction's status for the same listing if one
 * exists, else the request's status, else 'Pending'.
 */
export function orderStatus(
  request: { listing_id: number; status?: string | null },
  instructions: readonly { listing_id: number | null; delivery_status: string }[],
): string {
  const instruction = instructions.find((i) => i.listing_id === request.listing_id);
  return instruction?.delivery_status ?? request.status ?? DEFAULT_ORDER_STATUS;
}

/** Position of a status on the progress bar; Unassigned (or unknown) is before the first step. */
export function progressIndex(status: DeliveryStatus | null | undefined): number {
  return (PROGRESS_STEPS as readonly DeliveryStatus[]).indexOf(status ?? DEFAULT_DISPLAY_STATUS);
}

export type CourierColumns<T> = Record<CourierColumn, T[]>;

/** Splits deliveries into the three dashboard columns, keeping their order. */
export function groupByColumn<T extends { delivery_status: DeliveryStatus }>(
  deliveries: readonly T[],
): CourierColumns<T> {
  const columns: CourierColumns<T> = { available: [], inProgress: [], delivered: [] };
  for (const delivery of deliveries)
    columns[courierColumn(delivery.delivery_status)].push(delivery);
  return columns;
}

/** The courier's current delivery: the first one still under way (Assigned or Picked Up). */
export function currentDelivery<T extends { delivery_status: DeliveryStatus }>(
  deliveries: readonly T[],
): T | undefined {
  return deliveries.find((d) => isActiveDelivery(d.delivery_status));
}
