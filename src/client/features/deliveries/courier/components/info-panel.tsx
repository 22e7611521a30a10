import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { ProgressSteps } from './progress-steps';
import { Button } from '#client/components/ui/button.js';

interface InfoPanelProps {
  delivery: DeliveryInstruction;
  locationNote: string | null;
  children: ReactNode;
}

/**
 * Everything the courier reads: the item, where from, where to, progress; then the actions.
 * The item as the order agreed it (its title and picture), not as the listing says now.
 */
export function InfoPanel({ delivery, locationNote, children }: InfoPanelProps) {
  const navigate = useNavigate();
  const title = delivery.title || 'No Title';
  const thumbnail = delivery.thumbnail;
  const sellerNote = delivery.seller_special_request || delivery.vendor_special_request;
  return (
    <section className="nav-info" aria-label="Delivery details">
      <Button size="large" variant="outline" block onClick={() => navigate('/courierPage')}>
        Back to Courier Dashboard
      </Button>
      <div className="nav-product">
        <ListingImage src={thumbnail} alt={title} className="dl-thumb" />
        <h1>{title}</h1>
      </div>
      <dl className="nav-addresses">
        <div>
          <dt>Pick Up Address</dt>
          <dd>{delivery.pickup}</dd>
        </div>
        <div>
          <dt>Dropoff Address</dt>
          <dd>{delivery.dropoff}</dd>
        </div>
        {sellerNote && (
          <div>
            <dt>Seller note</dt>
            <dd>{sellerNote}</dd>
          </div>
        )}
        {delivery.buyer_special_request && (
          <div>
            <dt>Buyer note</dt>
            <dd>{delivery.buyer_special_request}</dd>
          </div>
        )}
      </dl>
      {locationNote && <p className="nav-location-note">{locationNote}</p>}
      <ProgressSteps status={delivery.delivery_status} />
      {children}
    </section>
  );
}
