import { Link } from 'react-router';
import type { Sale } from '#shared/schemas/sales.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { formatPrice, shortUsDate } from '#client/lib/format.js';

/** What a purchase handed over at a meeting on campus shows as its status. */
export const MEETING_PURCHASE_STATUS = 'Completed';

/**
 * A purchase handed over at a meeting on campus, beside the orders: the card of an order, with
 * the meeting spot where an order names its drop-off, and the agreed price.
 */
export function PurchaseItem({ sale }: { sale: Sale }) {
  const title = sale.title || 'No Title';
  return (
    <li className="os-order">
      <Link to={`/productListing/${sale.listing_id}`} className="dl-card os-card">
        <ListingImage src={sale.thumbnail} alt={title} className="dl-thumb" />
        <div>
          <h2>{title}</h2>
          <p>
            <span className="dl-label">Bought:</span>{' '}
            <time dateTime={sale.at}>{shortUsDate(sale.at)}</time>
          </p>
          <p>
            <span className="dl-label">Meeting spot:</span> {sale.location}
          </p>
          <p>
            <span className="dl-label">Status:</span>{' '}
            <span className="dl-status" data-status={MEETING_PURCHASE_STATUS}>
              {MEETING_PURCHASE_STATUS}
            </span>
          </p>
          <p className="os-explain">
            You met {sale.seller_username} on campus and paid {formatPrice(sale.agreed_price)}.
          </p>
        </div>
      </Link>
    </li>
  );
}
