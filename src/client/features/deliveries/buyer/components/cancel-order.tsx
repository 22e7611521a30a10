import { useState } from 'react';
import { PROOF_LIMITS } from '#shared/handover.js';
import { FormAlert, TextAreaField } from '#client/components/ui/fields.js';
import { isNetworkError } from '#client/lib/api.js';
import { useOnline } from '#client/lib/online.js';
import { useCancelOrder } from '../api/order-actions-api';
import type { Order } from '../api/orders-api';
import { Button } from '#client/components/ui/button.js';

export const CANCEL_OFFLINE_MESSAGE =
  'You are offline. Cancelling needs a connection: try again when you are back online.';

/** "Cancel order", then a second, deliberate tap with an optional reason. */
export function CancelOrder({ order }: { order: Order }) {
  const online = useOnline();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const id = `cancel-reason-${order.delivery_request_id}`;
  const failure =
    cancel.error && (isNetworkError(cancel.error) ? CANCEL_OFFLINE_MESSAGE : cancel.error.message);

  if (!asking) {
    return (
      <div className="os-cancel">
        <Button variant="outline" onClick={() => setAsking(true)}>
          Cancel order
        </Button>
      </div>
    );
  }
  return (
    <form
      className="os-cancel form"
      aria-label={`Cancel the order of ${order.title || 'this item'}`}
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate({ order, reason: reason.trim() });
      }}
    >
      <TextAreaField
        id={id}
        label="Why are you cancelling? (optional)"
        rows={2}
        maxLength={PROOF_LIMITS.reason}
        value={reason}
        onValue={setReason}
      />
      {!online && <p className="field-hint">{CANCEL_OFFLINE_MESSAGE}</p>}
      <FormAlert>{failure}</FormAlert>
      <div className="btn-row">
        <Button type="submit" variant="danger" disabled={cancel.isPending || !online}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel this order'}
        </Button>
        <Button variant="outline" onClick={() => setAsking(false)}>
          Keep order
        </Button>
      </div>
    </form>
  );
}
