import type { ReactNode } from 'react';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { ListingImage } from '#client/components/ui/listing-image.js';

/** A delivery on the courier dashboard: the item, where from, where to, and notes. */
export function DeliveryCard({
  delivery,
  children,
  headingLevel = 3,
}: {
  delivery: DeliveryInstruction;
  children?: ReactNode;
  /** Cards sit under a column's h2 (3), or alone under the page's h1 (2). */
  headingLevel?: 2 | 3;
}) {
  const title = delivery.title || 'No Title';
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const sellerNote = delivery.seller_special_request || delivery.vendor_special_request;
  return (
    <article className="dl-card" aria-label={title}>
      <ListingImage src={delivery.thumbnail} alt={title} className="dl-thumb" />
      <div>
        <Title>{title}</Title>
        {delivery.delivery_status !== 'Unassigned' && (
          <p>
            <span className="dl-status" data-status={delivery.delivery_status}>
              {delivery.delivery_status}
            </span>
          </p>
        )}
        <p>
          <span className="dl-label">Pick up:</span> {delivery.pickup}
        </p>
        <p>
          <span className="dl-label">Drop off:</span> {delivery.dropoff}
        </p>
        {sellerNote && (
          <p>
            <span className="dl-label">Seller note:</span> {sellerNote}
          </p>
        )}
        {delivery.buyer_special_request && (
          <p>
            <span className="dl-label">Buyer note:</span> {delivery.buyer_special_request}
          </p>
        )}
        {children && <div className="dl-actions">{children}</div>}
      </div>
    </article>
  );
}
