import { Link } from 'react-router';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { shortUsDate } from '#client/lib/format.js';
import type { Order } from '../api/orders-api';
import { explainOrder } from '../status-explanation';

/** One order, linking to its listing. */
export function OrderCard({ order }: { order: Order }) {
  const title = order.title || 'No Title';
  const explanation = explainOrder(order);
  // Named once a courier holds it (the server tells the buyer alone).
  const courier = order.delivery?.courier_first_name;
  return (
    <Link to={`/productListing/${order.listing_id}`} className="dl-card os-card">
      <ListingImage src={order.thumbnail} alt={title} className="dl-thumb" />
      <div>
        <h2>{title}</h2>
        <p>
          <span className="dl-label">Ordered:</span>{' '}
          <time dateTime={order.created_at}>{shortUsDate(order.created_at)}</time>
        </p>
        <p>
          <span className="dl-label">Drop-off:</span> {order.dropoff}
        </p>
        {courier && (
          <p>
            <span className="dl-label">Courier:</span> {courier}
          </p>
        )}
        <p>
          <span className="dl-label">Status:</span>{' '}
          <span className="dl-status" data-status={order.shownStatus}>
            {order.shownStatus}
          </span>
          {/* Declined because another buyer's request for the item was accepted. */}
          {order.shownStatus === 'Denied' && order.decline_reason && ` (${order.decline_reason})`}
        </p>
        {explanation && <p className="os-explain">{explanation}</p>}
        {order.buyer_special_request.trim() !== '' && (
          <p>
            <span className="dl-label">Note:</span> {order.buyer_special_request}
          </p>
        )}
      </div>
    </Link>
  );
}
