/** Delivery state machines, enforced by the server and read by the client. */

/**
 * Pending -> Denied (the vendor declines) | Approved (the vendor accepts) | Cancelled (the buyer
 * takes it back); Approved -> Cancelled only together with its delivery (the buyer cancels the
 * delivery before pick-up). docs/delivery-states.md draws both machines.
 */
export const DELIVERY_REQUEST_STATUSES = ['Pending', 'Denied', 'Approved', 'Cancelled'] as const;
export type DeliveryRequestStatus = (typeof DELIVERY_REQUEST_STATUSES)[number];

/**
 * In the order a delivery goes through them: the ones after Delivered end it another way
 * (Returned by its courier after pick-up, Cancelled by its buyer before). Screens that must
 * never show a step back compare positions in this list.
 */
export const DELIVERY_STATUSES = [
  'Unassigned',
  'Assigned',
  'Picked Up',
  'Delivered',
  'Returned',
  'Cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The check whether a status is one of a group of statuses (the groups below). */
const isOneOf =
  (statuses: readonly DeliveryStatus[]) =>
  (status: DeliveryStatus): boolean =>
    statuses.includes(status);

/** The buyer may cancel a delivery while no courier has picked the item up. */
export const CANCELLABLE_DELIVERY_STATUSES = [
  'Unassigned',
  'Assigned',
] as const satisfies readonly DeliveryStatus[];

export const isCancellableDelivery = isOneOf(CANCELLABLE_DELIVERY_STATUSES);

/** The status shown when none is given. */
export const DEFAULT_DISPLAY_STATUS: DeliveryStatus = 'Assigned';
/** What the buyer sees when there is neither an instruction nor a request. */
export const DEFAULT_ORDER_STATUS = 'Pending';

/**
 * Every move of a delivery. The courier claims it, picks it up, delivers it, gives it up while
 * Assigned (`Assigned -> Unassigned`) or returns it to the pickup spot after pick-up
 * (`Picked Up -> Returned`, with a reason); the buyer cancels it before pick-up. Who may make
 * which move is the server's check (features/deliveries/rules.ts).
 */
const DELIVERY_MOVES: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  Unassigned: ['Assigned', 'Cancelled'],
  Assigned: ['Picked Up', 'Unassigned', 'Cancelled'],
  'Picked Up': ['Delivered', 'Returned'],
  Delivered: [],
  Returned: [],
  Cancelled: [],
};

/** The steps a delivery in each status has been through, the status itself included. */
const STEPS_TAKEN: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  Unassigned: [],
  Assigned: ['Assigned'],
  'Picked Up': ['Assigned', 'Picked Up'],
  Delivered: ['Assigned', 'Picked Up', 'Delivered'],
  Returned: ['Assigned', 'Picked Up', 'Returned'],
  Cancelled: ['Cancelled'],
};

/**
 * Has a delivery now in `current` been through `step`? (A returned item was picked up; a
 * cancelled one was never delivered.) Tells a replayed change that already happened from one
 * the delivery went past another way.
 */
export function hasPassed(current: DeliveryStatus, step: DeliveryStatus): boolean {
  return STEPS_TAKEN[current]?.includes(step) ?? false;
}

/** The moves a request makes; Approved -> Cancelled goes with its delivery's cancellation. */
const REQUEST_MOVES: Record<DeliveryRequestStatus, readonly DeliveryRequestStatus[]> = {
  Pending: ['Denied', 'Approved', 'Cancelled'],
  Approved: ['Cancelled'],
  Denied: [],
  Cancelled: [],
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
  return REQUEST_MOVES[from].includes(to) ? 'ok' : 'illegal';
}

/**
 * Statuses in which a delivery is over and never moves again: the item reached its buyer, came
 * back to the pickup spot (Returned) or was never carried (Cancelled). Every other status is
 * "under way": the item is promised to that buyer, so no other sale of the listing may start;
 * after a return or a cancellation the listing can be sold again.
 */
export const FINISHED_DELIVERY_STATUSES = [
  'Delivered',
  'Returned',
  'Cancelled',
] as const satisfies readonly DeliveryStatus[];

export const isDeliveryFinished = isOneOf(FINISHED_DELIVERY_STATUSES);

/** The reason given to the other buyers of a listing when one buyer's request is accepted. */
export const SOLD_TO_ANOTHER_BUYER = 'Sold to another buyer';

/** Couriers carry other people's orders: never one they buy or sell (403 `own_order`). */
export function isOwnOrder(
  d: { buyer_id: number; vendor_id: number },
  userId: number | null | undefined,
): boolean {
  return userId != null && (d.buyer_id === userId || d.vendor_id === userId);
}

/**
 * A phone's clock may run this far ahead of the server's before a `device_time` counts as
 * wrong (it is then stored clamped and marked as adjusted).
 */
export const DEVICE_TIME_AHEAD_MS = 2 * 60 * 1000;
/** A courier position older than this (or from the future) is stamped with the server's time. */
export const POSITION_MAX_AGE_MS = 60 * 60 * 1000;

/** Statuses in which a courier is out on the delivery and may share a position. */
export const ACTIVE_DELIVERY_STATUSES = [
  'Assigned',
  'Picked Up',
] as const satisfies readonly DeliveryStatus[];

export const isActiveDelivery = isOneOf(ACTIVE_DELIVERY_STATUSES);
/**
 * Statuses of a delivery that has not ended: waiting for a courier or on the road. Its buyer,
 * seller and courier cannot delete their accounts until it has.
 */
export const UNDER_WAY_DELIVERY_STATUSES = [
  'Unassigned',
  ...ACTIVE_DELIVERY_STATUSES,
] as const satisfies readonly DeliveryStatus[];

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
  /** Handing the item back at the pickup spot, after pick-up. */
  returnItem: boolean;
}

/** Which action buttons the courier screen enables for a status. */
export function courierActions(status: DeliveryStatus | null | undefined): CourierActions {
  const current = status ?? DEFAULT_DISPLAY_STATUS;
  return {
    pickedUp: current === 'Assigned',
    finishDropOff: current === 'Picked Up',
    unableToDeliver: current === 'Assigned',
    returnItem: current === 'Picked Up',
  };
}

/** The dashboard's three columns of the spec, and below them the deliveries that ended early. */
export type CourierColumn = 'available' | 'inProgress' | 'delivered' | 'ended';

/** The courier dashboard column a delivery belongs in. */
export function courierColumn(status: DeliveryStatus): CourierColumn {
  if (status === 'Unassigned') return 'available';
  if (status === 'Delivered') return 'delivered';
  if (status === 'Returned' || status === 'Cancelled') return 'ended';
  return 'inProgress';
}

/** The map centres on the pickup while Assigned, otherwise on the dropoff. */
export function mapFocus(status: DeliveryStatus | null | undefined): 'pickup' | 'dropoff' {
  return (status ?? DEFAULT_DISPLAY_STATUS) === 'Assigned' ? 'pickup' : 'dropoff';
}

interface RequestRef {
  listing_id: number;
  status?: string | null;
  delivery_request_id?: number;
}
interface InstructionRef {
  listing_id: number | null;
  delivery_status: string;
  delivery_request_id?: number;
}

/**
 * The delivery made from a request: the one that names it, else (the spec's rule) the one for
 * the same listing. Only an accepted request has a delivery, so a request still Pending, or
 * Denied, or Cancelled before it was accepted, takes none from the listing: a listing asked
 * for again after a cancellation or a return has a delivery per request.
 */
export function deliveryOfRequest<T extends InstructionRef>(
  request: RequestRef,
  instructions: readonly T[],
): T | undefined {
  const own =
    request.delivery_request_id === undefined
      ? undefined
      : instructions.find((i) => i.delivery_request_id === request.delivery_request_id);
  if (own) return own;
  if (request.status && request.status !== 'Approved') return undefined;
  return instructions.find((i) => i.listing_id === request.listing_id);
}

/**
 * Order status shown to the buyer: the status of the request's delivery instruction if one
 * exists, else the request's status, else 'Pending'.
 */
export function orderStatus(request: RequestRef, instructions: readonly InstructionRef[]): string {
  return (
    deliveryOfRequest(request, instructions)?.delivery_status ??
    request.status ??
    DEFAULT_ORDER_STATUS
  );
}

/** Position of a status on the progress bar; Unassigned (or unknown) is before the first step. */
export function progressIndex(status: DeliveryStatus | null | undefined): number {
  return (PROGRESS_STEPS as readonly DeliveryStatus[]).indexOf(status ?? DEFAULT_DISPLAY_STATUS);
}

export type CourierColumns<T> = Record<CourierColumn, T[]>;

/** Splits deliveries into the dashboard's columns, keeping their order. */
export function groupByColumn<T extends { delivery_status: DeliveryStatus }>(
  deliveries: readonly T[],
): CourierColumns<T> {
  const columns: CourierColumns<T> = { available: [], inProgress: [], delivered: [], ended: [] };
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
