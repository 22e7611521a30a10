import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { DROPOFF_LOCATIONS, type DropoffLocation } from '#shared/locations.js';
import type { Listing } from '#shared/schemas/listings.js';
import { Modal } from '#client/components/ui/modal.js';
import { useRequestDelivery } from '../api/product-api';

export const DROPOFF_REQUIRED = 'Please choose a dropoff location.';

interface Props {
  listing: Listing;
  buyerId: number;
  onClose: () => void;
}

/** Item title, Dropoff Location (required), Special Request for Courier (7 rows), Submit. */
export function DeliveryRequestForm({ listing, buyerId, onClose }: Props) {
  const [dropoff, setDropoff] = useState<DropoffLocation | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const request = useRequestDelivery();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!dropoff) {
      setProblem(DROPOFF_REQUIRED);
      document.getElementById('dropoff-location')?.focus();
      return;
    }
    setProblem('');
    request.mutate(
      {
        buyer_id: buyerId,
        vendor_id: listing.vendor_id,
        listing_id: listing.listing_id,
        dropoff,
        buyer_special_request: note.trim(),
        status: 'Pending',
        delivery_status: 'Unassigned',
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal title="Get Item Delivered" onClose={onClose} busy={request.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="request-item">
          <span className="field-label">Item</span> {listing.title}
        </p>
        <div className="field">
          <label htmlFor="dropoff-location">Dropoff Location</label>
          <select
            id="dropoff-location"
            required
            value={dropoff}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setDropoff(e.target.value as DropoffLocation | '')}
          >
            <option value="">Choose a dropoff location</option>
            {DROPOFF_LOCATIONS.map((place) => (
              <option key={place}>{place}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="courier-request">Special Request for Courier</label>
          <textarea
            id="courier-request"
            rows={7}
            maxLength={LIMITS.specialRequest}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {request.isError && (
          <p className="form-error" role="alert">
            Could not send the request: {request.error.message}
          </p>
        )}
        <button type="submit" className="btn" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </Modal>
  );
}
