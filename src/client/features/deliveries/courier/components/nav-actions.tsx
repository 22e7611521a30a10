import { courierActions, type DeliveryStatus } from '#shared/delivery.js';
import { PendingUpdates } from '#client/components/offline/pending-updates.js';
import { Button, type ButtonProps } from '#client/components/ui/button.js';

interface NavActionsProps {
  status: DeliveryStatus;
  onPickedUp: () => void;
  onFinish: () => void;
  onGiveUp: () => void;
  /** After pick-up: hand the item back at the pickup spot (asks why first). */
  onReturn: () => void;
}

/**
 * The courier's big buttons; only the next step is enabled, giving up only while Assigned,
 * returning only after pick-up. Never held disabled while the network thinks: a tap changes the
 * status at once.
 */
export function NavActions({ status, onPickedUp, onFinish, onGiveUp, onReturn }: NavActionsProps) {
  const actions = courierActions(status);
  return (
    <div className="nav-actions">
      <PendingUpdates testId="nav-pending-updates" />
      {status === 'Delivered' && (
        <p className="nav-done" role="status">
          Delivered. Thank you!
        </p>
      )}
      <NavButton disabled={!actions.pickedUp} onClick={onPickedUp}>
        PICKED UP
      </NavButton>
      <NavButton disabled={!actions.finishDropOff} onClick={onFinish}>
        FINISH DROP OFF
      </NavButton>
      {actions.unableToDeliver && (
        <NavButton variant="danger" onClick={onGiveUp}>
          UNABLE TO DELIVER
        </NavButton>
      )}
      {actions.returnItem && (
        <NavButton variant="outline" onClick={onReturn}>
          RETURN ITEM
        </NavButton>
      )}
    </div>
  );
}

/** A big button across the panel, thumb-sized for a courier walking. */
function NavButton(props: ButtonProps) {
  return <Button size="large" block {...props} />;
}
