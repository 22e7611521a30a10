/**
 * What each status an order shows means to its buyer, in plain words. Only Order Status reads
 * them (the server's notifications word their own changes), so they live here, once.
 */
export interface ExplainedOrder {
  shownStatus: string;
  dropoff: string;
  delivery: { courier_first_name?: string | null; courier_gave_up?: number } | null;
}

export const WAITING_FOR_SELLER = 'Waiting for the seller to accept or decline your request.';
export const WAITING_FOR_COURIER = 'Waiting for a courier to take it.';
export const LOOKING_FOR_NEW_COURIER =
  'Your courier could not deliver it: looking for a new courier.';
export const SELLER_CANNOT_DELIVER = 'The seller cannot deliver this one.';

/** The sentence under an order's status; empty for a status it does not know. */
export function explainOrder(order: ExplainedOrder): string {
  const courier = order.delivery?.courier_first_name || 'Your courier';
  switch (order.shownStatus) {
    case 'Pending':
      return WAITING_FOR_SELLER;
    case 'Denied':
      // The card names another reason beside the status ("Sold to another buyer").
      return SELLER_CANNOT_DELIVER;
    case 'Approved':
    case 'Unassigned':
      return order.delivery?.courier_gave_up === 1 ? LOOKING_FOR_NEW_COURIER : WAITING_FOR_COURIER;
    case 'Assigned':
      return `${courier} is on the way to pick it up.`;
    case 'Picked Up':
      return `${courier} has your item and is bringing it to ${order.dropoff}.`;
    case 'Delivered':
      return `Delivered at ${order.dropoff}.`;
    case 'Returned':
      return 'The courier brought it back to the seller.';
    case 'Cancelled':
      return 'You cancelled this order.';
    default:
      return '';
  }
}
