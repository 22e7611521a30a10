import type { Sale } from '#shared/schemas/sales.js';
import { formatPrice, shortUsDate } from '#client/lib/format.js';
import { CardLine, ListingCard, StatusLine } from './order-card';

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
      <ListingCard listingId={sale.listing_id} thumbnail={sale.thumbnail} title={title}>
        <CardLine label="Bought:">
          <time dateTime={sale.at}>{shortUsDate(sale.at)}</time>
        </CardLine>
        <CardLine label="Meeting spot:">{sale.location}</CardLine>
        <StatusLine status={MEETING_PURCHASE_STATUS} />
        <p className="os-explain">
          You met {sale.seller_username} on campus and paid {formatPrice(sale.agreed_price)}.
        </p>
      </ListingCard>
    </li>
  );
}
