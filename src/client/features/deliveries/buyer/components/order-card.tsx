import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { shortUsDate } from '#client/lib/format.js';
import type { Order } from '../api/orders-api';
import { explainOrder } from '../status-explanation';

/** A card of Order Status: its listing's picture and title, linking to it, then its lines. */
export function ListingCard({
  listingId,
  thumbnail,
  title,
  children,
}: {
  listingId: number;
  thumbnail: string | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <Link to={`/productListing/${listingId}`} className="dl-card os-card">
      <ListingImage src={thumbnail} alt={title} className="dl-thumb" />
      <div>
        <h2>{title}</h2>
        {children}
      </div>
    </Link>
  );
}

/** A line of a card: its label ("Ordered:"), then what it says. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p>
      <span className="dl-label">{label}</span> {children}
    </p>
  );
}

/** The status line of a card, as every status badge shows it. */
export function StatusLine({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <CardLine label="Status:">
      <span className="dl-status" data-status={status}>
        {status}
      </span>
      {children}
    </CardLine>
  );
}

/** One order, linking to its listing. */
export function OrderCard({ order }: { order: Order }) {
  const title = order.title || 'No Title';
  const explanation = explainOrder(order);
  // Named once a courier holds it (the server tells the buyer alone).
  const courier = order.delivery?.courier_first_name;
  return (
    <ListingCard listingId={order.listing_id} thumbnail={order.thumbnail} title={title}>
      <CardLine label="Ordered:">
        <time dateTime={order.created_at}>{shortUsDate(order.created_at)}</time>
      </CardLine>
      <CardLine label="Drop-off:">{order.dropoff}</CardLine>
      {courier && <CardLine label="Courier:">{courier}</CardLine>}
      <StatusLine status={order.shownStatus}>
        {/* Declined because another buyer's request for the item was accepted. */}
        {order.shownStatus === 'Denied' && order.decline_reason && ` (${order.decline_reason})`}
      </StatusLine>
      {explanation && <p className="os-explain">{explanation}</p>}
      {order.buyer_special_request.trim() !== '' && (
        <CardLine label="Note:">{order.buyer_special_request}</CardLine>
      )}
    </ListingCard>
  );
}
