import { CANCELLED_BY_BUYER_MESSAGE, RETURN_REASON_LABELS } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';

/** A delivery that ended early: the courier reads why, and that nothing is left to do. */
export function DeliveryEnded({ delivery }: { delivery: DeliveryInstruction }) {
  if (delivery.delivery_status === 'Cancelled') {
    return (
      <p className="nav-ended" role="status">
        {CANCELLED_BY_BUYER_MESSAGE}
        {delivery.cancel_reason && <> “{delivery.cancel_reason}”</>}
      </p>
    );
  }
  if (delivery.delivery_status === 'Returned') {
    const reason = delivery.return_reason && RETURN_REASON_LABELS[delivery.return_reason];
    return (
      <p className="nav-ended" role="status">
        Returned to {delivery.pickup}
        {reason && `: ${reason}`}.
      </p>
    );
  }
  return null;
}
