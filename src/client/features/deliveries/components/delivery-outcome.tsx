import { HANDOVER_MESSAGES, RETURN_REASON_LABELS } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';

/** "3:20 PM". */
function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * What the buyer and the vendor read about how a delivery went: the handover lock, why it came
 * back, why it was cancelled, and the courier's photo at drop-off.
 */
export function DeliveryOutcome({ delivery }: { delivery: DeliveryInstruction }) {
  const reason = delivery.return_reason && RETURN_REASON_LABELS[delivery.return_reason];
  return (
    <>
      {delivery.handover_locked_until && (
        <p className="dl-notice" role="alert">
          {HANDOVER_MESSAGES.lockedNotice} It opens again at{' '}
          {clockTime(delivery.handover_locked_until)}.
        </p>
      )}
      {delivery.delivery_status === 'Returned' && (
        <p className="dl-outcome" data-testid="return-reason">
          <span className="dl-label">Returned to the pickup spot:</span> {reason ?? 'No reason'}
          {delivery.return_note && <> — “{delivery.return_note}”</>}
        </p>
      )}
      {delivery.delivery_status === 'Cancelled' && delivery.cancel_reason && (
        <p className="dl-outcome">
          <span className="dl-label">Cancelled:</span> “{delivery.cancel_reason}”
        </p>
      )}
      {delivery.proof_photo && (
        <figure className="dl-proof">
          <img
            src={delivery.proof_photo}
            alt={`Photo of the drop-off at ${delivery.dropoff}`}
            loading="lazy"
            width={480}
            height={360}
          />
          <figcaption>Photo taken by the courier at drop-off</figcaption>
        </figure>
      )}
    </>
  );
}
