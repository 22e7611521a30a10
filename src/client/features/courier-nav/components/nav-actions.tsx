import { courierActions, type DeliveryStatus } from '#shared/delivery.js';
import { PendingUpdates } from '#client/components/offline/pending-updates.js';

interface NavActionsProps {
  status: DeliveryStatus;
  busy: boolean;
  onPickedUp: () => void;
  onFinish: () => void;
  onGiveUp: () => void;
  /** After pick-up: hand the item back at the pickup spot (asks why first). */
  onReturn: () => void;
}

/** The courier's big buttons; only the next step is enabled, giving up only while Assigned. */
export function NavActions({
  status,
  busy,
  onPickedUp,
  onFinish,
  onGiveUp,
  onReturn,
}: NavActionsProps) {
  const actions = courierActions(status);
  return (
    <div className="nav-actions">
      <PendingUpdates testId="nav-pending-updates" />
      {status === 'Delivered' && (
        <p className="nav-done" role="status">
          Delivered. Thank you!
        </p>
      )}
      <button
        type="button"
        className="btn btn-large btn-block"
        disabled={!actions.pickedUp || busy}
        onClick={onPickedUp}
      >
        PICKED UP
      </button>
      <button
        type="button"
        className="btn btn-large btn-block"
        disabled={!actions.finishDropOff || busy}
        onClick={onFinish}
      >
        FINISH DROP OFF
      </button>
      {actions.unableToDeliver && (
        <button
          type="button"
          className="btn btn-large btn-danger btn-block"
          disabled={busy}
          onClick={onGiveUp}
        >
          UNABLE TO DELIVER
        </button>
      )}
      {actions.returnItem && (
        <button
          type="button"
          className="btn btn-large btn-outline btn-block"
          disabled={busy}
          onClick={onReturn}
        >
          RETURN ITEM
        </button>
      )}
    </div>
  );
}
