import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { formatPrice } from '#client/lib/format.js';
import { RequestDetails } from './request-details';
import { Button } from '#client/components/ui/button.js';

interface RequestCardProps {
  request: DeliveryRequest;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** One pending request: the item, its price, who asks, and the vendor's two choices. */
export function RequestCard({ request, busy, onAccept, onDecline }: RequestCardProps) {
  const title = request.title || 'No Title';
  return (
    <article className="dl-card" aria-label={`${title} for ${request.username ?? 'a buyer'}`}>
      <ListingImage src={request.thumbnail} alt={title} className="dl-thumb" />
      <div>
        <h2>{title}</h2>
        {request.price !== null && <p className="vr-price">{formatPrice(request.price)}</p>}
        <RequestDetails request={request} />
        <div className="dl-actions">
          <Button size="large" onClick={onAccept} disabled={busy}>
            Accept
          </Button>
          <Button size="large" variant="danger" onClick={onDecline} disabled={busy}>
            Decline
          </Button>
        </div>
      </div>
    </article>
  );
}
