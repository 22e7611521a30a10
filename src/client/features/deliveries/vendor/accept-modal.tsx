import { useId, useState, type FormEvent } from 'react';
import { pickupLocations } from '#shared/locations.js';
import { acceptBody, type DeliveryRequest } from '#shared/schemas/deliveries.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '#client/components/ui/fields.js';
import { Modal } from '#client/components/ui/modal.js';
import { showAlert } from '#client/lib/dialogs.js';
import { RequestDetails } from './request-details';
import { useAcceptRequest } from './vendor-requests-api';

interface AcceptModalProps {
  request: DeliveryRequest;
  userId: number;
  onClose: () => void;
}

/**
 * Accepting a request: who asked and where the item goes, then where the courier picks it up
 * and a note for the courier.
 */
export function AcceptModal({ request, userId, onClose }: AcceptModalProps) {
  const accept = useAcceptRequest(userId);
  const [pickup, setPickup] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pickupId = useId();
  const noteId = useId();
  const errorId = useId();
  const title = request.title || '(Unknown)';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pickup) {
      setError('Please choose a pickup location.');
      return;
    }
    const parsed = acceptBody.safeParse({ pickup, vendor_special_request: note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setError(null);
    accept.mutate(
      { requestId: request.delivery_request_id, body: parsed.data },
      {
        onSuccess: () => {
          // The sheet goes first: the alert is not a dialog over a dialog.
          onClose();
          void showAlert('Delivery accepted!');
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <Modal title="Accept Delivery" onClose={onClose} busy={accept.isPending}>
      <div className="vr-item">
        <ListingImage src={request.thumbnail} alt={title} className="dl-thumb" />
        <h3>{title}</h3>
      </div>
      <div className="vr-where">
        <RequestDetails request={request} />
      </div>
      <form className="form" onSubmit={submit} noValidate>
        <SelectField
          id={pickupId}
          label="Pickup Location"
          placeholder="Select a pickup location"
          options={pickupLocations()}
          value={pickup}
          invalid={error !== null && !pickup}
          describedBy={error ? errorId : undefined}
          onValue={setPickup}
        />
        <TextAreaField
          id={noteId}
          label="Vendor Special Request"
          rows={3}
          value={note}
          onValue={setNote}
        />
        <FormAlert id={errorId}>{error}</FormAlert>
        <SubmitButton size="large" block busy={accept.isPending} busyText="Confirming…">
          Confirm Delivery
        </SubmitButton>
      </form>
    </Modal>
  );
}
