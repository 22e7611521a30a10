import { Suspense } from 'react';
import { Link } from 'react-router';
import { discountPercent, priceBeforeDiscount } from '#shared/constants.js';
import type { Listing } from '#shared/schemas/listings.js';
import { formatPrice, wasPrice } from '#client/lib/format.js';
import { optionalPart } from '#client/lib/optional-part.js';
import { useSessionUser } from '#client/lib/session.js';
import { useHydrated } from '#client/lib/use-hydrated.js';
import { ListingImage } from './listing-image';
import { Stars } from './stars';

// The heart comes after the first render (it sits over the picture, so nothing moves): its
// code, and the favourites it reads, stay out of the home route's first load (README, Performance).
const Favorite = optionalPart(() => import('../favorite').then((m) => m.Favorite));

/** A listing in a grid, linking to /productListing/{listing_id}. */
export function ListingCard({
  listing,
  eager = false,
  priority = false,
  headingLevel = 3,
}: {
  listing: Listing;
  eager?: boolean;
  /** Cards sit under the page's h1 (2) or under a section's h2 (3). */
  headingLevel?: 2 | 3;
  /** One of the first images on screen: fetched before anything else (the page's LCP). */
  priority?: boolean;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const hydrated = useHydrated();
  return (
    <article className="listing-card">
      <ListingImage src={listing.thumbnail} alt="" eager={eager} priority={priority} />
      {hydrated && (
        <Suspense fallback={null}>
          <Favorite listing={listing} />
        </Suspense>
      )}
      <div className="listing-card-body">
        <Title className="listing-card-title">
          <Link to={`/productListing/${listing.listing_id}`} className="stretched-link">
            {listing.title}
          </Link>
        </Title>
        <p className="listing-card-price">
          <PriceLine listing={listing} />
          <OnHoldBadge listing={listing} />
        </p>
        <p className="listing-card-meta">
          <span>{listing.conditions}</span>
          <span>
            {listing.username} <Stars rating={listing.rating} reviewCount={listing.review_count} />
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * The listed price (what a buyer pays and the price sort orders by), the price before struck
 * through (before a drop, while that shows; else before the discount), and the discount's
 * badge: on cards and on the product page.
 */
export function PriceLine({ listing }: { listing: Listing }) {
  const discount = Math.round(discountPercent(listing.discount));
  const was = wasPrice(listing) ?? priceBeforeDiscount(listing.price, listing.discount);
  return (
    <>
      {formatPrice(listing.price)}
      {was !== null && <WasPrice price={was} />}
      {discount > 0 && <span className="badge badge-gold">{discount}% off</span>}
    </>
  );
}

/**
 * "On hold" on a listing reserved for a buyer (docs/sales-states.md); "On hold for you" to that
 * buyer, whom the product page names to them and to the seller only.
 */
export function OnHoldBadge({ listing }: { listing: Listing }) {
  const user = useSessionUser();
  if (listing.on_hold !== true) return null;
  return (
    <span className="badge badge-hold">
      {user !== null && listing.held_for === user.user_id ? 'On hold for you' : 'On hold'}
    </span>
  );
}

/** "was $40.00": the price before, struck through (the words say it to screen readers). */
export function WasPrice({ price }: { price: number }) {
  return (
    <span className="badge">
      was <s>{formatPrice(price)}</s>
    </span>
  );
}

export function ListingGrid({
  listings,
  eagerCount = 0,
  priorityCount = 0,
  headingLevel,
}: {
  listings: readonly Listing[];
  headingLevel?: 2 | 3;
  /** How many of the first images load at once instead of when scrolled near. */
  eagerCount?: number;
  /** How many of those load first of all (the first row on a phone). */
  priorityCount?: number;
}) {
  return (
    <ul className="listing-grid" role="list">
      {listings.map((listing, index) => (
        <li key={listing.listing_id}>
          <ListingCard
            listing={listing}
            eager={index < eagerCount}
            priority={index < priorityCount}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
