import type { Listing } from '#shared/schemas/listings.js';
import { OnHoldBadge, PriceLine } from '#client/components/ui/listing-card.js';
import { shortUsDate } from '#client/lib/format.js';

/** Price, title, and the description block: Type, Condition and the description text. */
export function ProductDetails({ listing }: { listing: Listing }) {
  return (
    <div className="product-details">
      <p className="product-price">
        <PriceLine listing={listing} />
        {listing.listing_status !== 'Active' && (
          <span className="badge">{listing.listing_status}</span>
        )}
        <OnHoldBadge listing={listing} />
      </p>
      <h1 className="product-title">{listing.title}</h1>
      <p className="product-posted">Posted {shortUsDate(listing.listing_date)}</p>
      <dl className="product-facts">
        <div>
          <dt>Type</dt>
          <dd>{listing.category}</dd>
        </div>
        <div>
          <dt>Condition</dt>
          <dd>{listing.conditions}</dd>
        </div>
      </dl>
      <p className="product-description">{listing.description}</p>
    </div>
  );
}
