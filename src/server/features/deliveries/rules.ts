import {
  DEVICE_TIME_AHEAD_MS,
  isOwnOrder,
  POSITION_MAX_AGE_MS,
  type DeliveryStatus,
} from '#shared/delivery.js';
import { CANCELLED_BY_BUYER_MESSAGE } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { badRequest, conflict, forbidden } from '#server/lib/http-error.js';

/** Buyer, vendor, assigned courier; any courier may look at an unassigned delivery. */
export function canRead(user: SessionUser, d: DeliveryInstruction): boolean {
  return (
    d.buyer_id === user.user_id ||
    d.vendor_id === user.user_id ||
    d.courier_id === user.user_id ||
    (d.delivery_status === 'Unassigned' && user.is_courier === 1)
  );
}

export const OWN_ORDER_MESSAGE =
  'You cannot carry your own order: another courier delivers what you buy or sell.';

/** 403 `own_order`: the buyer or the seller asked to carry the order themself. */
export const ownOrder = () => forbidden(OWN_ORDER_MESSAGE, 'own_order');

/**
 * Is this delivery any of `user`'s business to move, before the body is read? A cancellation
 * is its buyer's alone; the rest: its courier; any courier asking to claim it (if someone was
 * faster, that is a 409, not a 403) unless it is their own order (403 `own_order`); its buyer
 * when the body names no status; while nobody holds it, anyone who may see it (a repeat of
 * Unassigned is harmless).
 */
export function mayMove(user: SessionUser, d: DeliveryInstruction, asked: unknown): boolean {
  if (asked === 'Cancelled') return d.buyer_id === user.user_id;
  if (d.courier_id === user.user_id) return true;
  if (user.is_courier === 1 && asked === 'Assigned') {
    if (isOwnOrder(d, user.user_id)) throw ownOrder();
    return true;
  }
  // A body without a status to read is the buyer's bad input (400), not someone else's move.
  if (d.buyer_id === user.user_id && typeof asked !== 'string') return true;
  return d.delivery_status === 'Unassigned' && canRead(user, d);
}

/**
 * May `user` ask for `to` on this delivery? Throws the 4xx when not. Whether the move itself is
 * legal (forward, repeat or illegal) is the state machine's answer, checked after this.
 * - claiming (Assigned): couriers only, for themselves, while nobody holds it;
 * - giving up (Unassigned): the assigned courier, courier_id null; once it is back in the pool
 *   a repeat by anyone who may see it is harmless;
 * - cancelling: the buyer only (before pick-up, which the state machine checks);
 * - Picked Up, Delivered and Returned: the assigned courier only.
 */
export function authorizeMove(
  user: SessionUser,
  d: DeliveryInstruction,
  to: DeliveryStatus,
  courierId: number | null | undefined,
): void {
  const isMine = d.courier_id === user.user_id;
  if (to === 'Cancelled') {
    if (d.buyer_id !== user.user_id) throw forbidden('Only the buyer can cancel this delivery.');
    return;
  }
  if (to === 'Unassigned') {
    if (courierId != null) throw badRequest('Giving up a delivery sets courier_id to null.');
    if (isMine) return;
    if (d.delivery_status === 'Unassigned' && canRead(user, d)) return;
    throw d.courier_id === null
      ? conflict('This delivery is not assigned to anyone.')
      : forbidden('This delivery is not yours.');
  }
  if (courierId != null && courierId !== user.user_id) {
    throw forbidden(
      to === 'Assigned'
        ? 'You can only assign a delivery to yourself.'
        : 'This delivery is not yours.',
    );
  }
  if (to === 'Assigned') {
    // The holder asking again is a repeat (or, after pick-up, a move back: the machine says 409).
    if (isMine) return;
    if (user.is_courier !== 1) {
      throw forbidden('Only couriers can do that. Become a courier from your profile.');
    }
    if (isOwnOrder(d, user.user_id)) throw ownOrder();
    if (d.delivery_status === 'Cancelled') throw conflict(CANCELLED_BY_BUYER_MESSAGE);
    if (d.delivery_status !== 'Unassigned') {
      throw conflict('Another courier already took this delivery.');
    }
    return;
  }
  if (!isMine) throw forbidden('This delivery is not yours.');
}

export function illegalMoveMessage(from: DeliveryStatus, to: DeliveryStatus): string {
  // The courier of a delivery its buyer cancelled learns why nothing moves any more.
  if (from === 'Cancelled') return CANCELLED_BY_BUYER_MESSAGE;
  if (to === 'Cancelled')
    return 'The courier has picked this item up already: it can no longer be cancelled.';
  if (to === 'Returned') return 'Only an item that was picked up can be returned.';
  if (to === 'Unassigned') return 'You can only give up a delivery before picking it up.';
  return `A delivery that is ${from} cannot become ${to}.`;
}

/**
 * The device's time of a replayed status change, as stored: a status move is never refused
 * for its time (an offline courier's queued PICKED UP must land), but a time outside the
 * delivery's life (before it was created, or later than the server's clock allows) is clamped
 * into it and marked as adjusted.
 */
export function clampDeviceTime(
  deviceTime: string | undefined,
  createdAt: string,
  now = Date.now(),
): { device_at: string | null; device_at_adjusted: number } {
  if (deviceTime === undefined) return { device_at: null, device_at_adjusted: 0 };
  const at = Date.parse(deviceTime);
  const earliest = Date.parse(createdAt);
  const latest = now + DEVICE_TIME_AHEAD_MS;
  const clamped = Math.min(Math.max(at, earliest), latest);
  return {
    device_at: new Date(clamped).toISOString(),
    device_at_adjusted: clamped === at ? 0 : 1,
  };
}

/** A position's time: the phone's, unless it is from the future or over an hour old. */
export function positionTime(at: string | undefined, now = Date.now()): string {
  const sent = at === undefined ? Number.NaN : Date.parse(at);
  const fresh = sent <= now && sent >= now - POSITION_MAX_AGE_MS;
  return new Date(fresh ? sent : now).toISOString();
}
