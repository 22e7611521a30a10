import type { DeliveryRequest } from '#shared/schemas/deliveries.js';

/** Who asked, where the item goes and the buyer's note: on the card and in the accept sheet. */
export function RequestDetails({ request }: { request: DeliveryRequest }) {
  return (
    <>
      <p>
        <span className="dl-label">Buyer:</span> {request.username ?? 'Unknown'}
      </p>
      <p>
        <span className="dl-label">Drop-off:</span> {request.dropoff}
      </p>
      {request.buyer_special_request && (
        <p>
          <span className="dl-label">Note:</span> {request.buyer_special_request}
        </p>
      )}
    </>
  );
}
