import { Link } from 'react-router';
import { ListingImage } from '#client/components/ui/listing-image.js';
import type { Order } from './orders-api';

/** One order, linking to its listing. */
export function OrderCard({ order }: { order: Order }) {
  const title = order.title || 'No Title';
  return (
    <Link to={`/productListing/${order.listing_id}`} className="dl-card os-card">
      <ListingImage src={order.thumbnail} alt={title} className="dl-thumb" />
      <div>
        <h2>{title}</h2>
        <p>
          <span className="dl-label">Drop-off:</span> {order.dropoff}
        </p>
        <p>
          <span className="dl-label">Status:</span>{' '}
          <span className="dl-status" data-status={order.shownStatus}>
            {order.shownStatus}
          </span>
          {/* Declined because another buyer's request for the item was accepted. */}
          {order.shownStatus === 'Denied' && order.decline_reason && ` (${order.decline_reason})`}
        </p>
        {order.buyer_special_request.trim() !== '' && (
          <p>
            <span className="dl-label">Note:</span> {order.buyer_special_request}
          </p>
        )}
      </div>
    </Link>
  );
}
