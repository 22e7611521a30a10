import { useQuery } from '@tanstack/react-query';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { DeliveryOutcome } from '#client/components/delivery-outcome.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { QueryView } from '#client/components/ui/status.js';
import { deliveriesQuery } from '#client/lib/queries/deliveries.js';
import '#client/components/ui/delivery-ui.css';

/**
 * The deliveries of the vendor's items, newest first: where each one is, and how it ended (the
 * courier's photo, why an item came back, why a buyer cancelled, a drop-off locked by wrong
 * codes). Live events and the spec's order refresh keep it current.
 */
export function VendorDeliveries({ vendorId }: { vendorId: number }) {
  const deliveries = useQuery({
    ...deliveriesQuery(),
    select: (list: DeliveryInstruction[]) => list.filter((d) => d.vendor_id === vendorId),
  });
  return (
    <QueryView query={deliveries} empty="No deliveries of your items yet.">
      {(list) => (
        <ul className="dl-list">
          {list.map((delivery) => (
            <li key={delivery.delivery_id}>
              <article className="dl-card" aria-label={delivery.title || 'No Title'}>
                <ListingImage
                  src={delivery.thumbnail}
                  alt={delivery.title || 'No Title'}
                  className="dl-thumb"
                />
                <div>
                  <h3>{delivery.title || 'No Title'}</h3>
                  <p>
                    <span className="dl-status" data-status={delivery.delivery_status}>
                      {delivery.delivery_status}
                    </span>
                  </p>
                  <p>
                    <span className="dl-label">Pick up:</span> {delivery.pickup}{' '}
                    <span className="dl-label">Drop off:</span> {delivery.dropoff}
                  </p>
                  <DeliveryOutcome delivery={delivery} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
