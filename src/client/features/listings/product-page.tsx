import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { HIDDEN_PREFIX } from '#shared/moderation.js';
import type { Listing, ListingDetail } from '#shared/schemas/listings.js';
import { Suspense, type ComponentType } from 'react';
import { Favorite } from '#client/components/favorite.js';
import { inPage, QueryView } from '#client/components/ui/status.js';
import { ApiError } from '#client/lib/api.js';
import { listingFromLists, listingQuery, photosOf } from '#client/lib/queries/listings.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { useSessionUser } from '#client/lib/session.js';
import { useDocumentTitle, usePageMeta } from '#client/lib/use-document-title.js';
import { listingBuyerQuery, listingSenderQuery } from './api/product-api';
import { DeliveryBox } from './components/delivery-box';
import { MessageBox } from './components/message-box';
import { PhotoGallery } from './components/photo-gallery';
import { ProductDetails } from './components/product-details';
import { SellerSection } from './components/seller-section';
import { ShareButton } from './components/share-button';
import { useViewer } from './hooks/use-viewer';
import '#client/features/listings/product.css';

/*
 * What only a signed-in buyer or the seller sees loads when it shows: a visitor's first visit,
 * the one the server renders, does not fetch, parse and run the report form or the seller's
 * relist and delete actions with their dialogs and send keys (eleven small files).
 */
const ReportButton = lazyComponent(() =>
  import('#client/components/safety/report-button.js').then((m) => m.ReportButton),
);
const SoldActions = lazyComponent(() =>
  import('./components/sold-actions').then((m) => m.SoldActions),
);

/**
 * What other areas show on the page, composed by the app shell (app/pages/product-page.tsx):
 * the offers of a signed-in buyer, and the seller's offers and hold. Each loads when it shows.
 */
export interface ProductSales {
  BuyerOffers: ComponentType<{ listing: Listing; userId: number }>;
  SellerOffers: ComponentType<{ listing: Listing; userId: number }>;
}

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function ProductPage({ sales }: { sales?: ProductSales } = {}) {
  const id = parseId(useParams().listingId);
  const client = useQueryClient();
  const listing = useQuery({
    ...listingQuery(id ?? 0),
    enabled: id !== null,
    // Opened from a list, the page shows the listing the list holds while it is refreshed.
    placeholderData: () => (id === null ? undefined : listingFromLists(client, id)),
  });
  useChecksAlongside(id);

  const notFound =
    id === null ||
    (listing.isError && listing.error instanceof ApiError && listing.error.code === 'not_found');
  useDocumentTitle(notFound ? 'No item Found' : (listing.data?.title ?? 'Listing'));
  // For the server: a missing listing answers 404; a shown one is described in the head.
  usePageMeta(notFound ? { status: 404 } : { listing: listing.data });
  if (notFound) {
    return (
      <div className="page">
        <h1>No item Found</h1>
        <p>
          This listing does not exist or was removed. <Link to="/">Browse other items</Link>
        </p>
      </div>
    );
  }
  // Offers wait for the listing itself: a list's copy does not say for whom it is held.
  return (
    <QueryView query={listing} frame={inPage}>
      {(data) => <Product listing={data} sales={listing.isPlaceholderData ? undefined : sales} />}
    </QueryView>
  );
}

/**
 * What the buyer's boxes ask (a message sent? delivery asked for?) needs only the listing's id,
 * not the listing: asked beside it, not after it, so a slow network costs one wait, not two.
 */
function useChecksAlongside(id: number | null) {
  const userId = useSessionUser()?.user_id ?? 0;
  const enabled = userId > 0 && id !== null;
  useQuery({ ...listingSenderQuery(userId, id ?? 0), enabled });
  useQuery({ ...listingBuyerQuery(userId, id ?? 0), enabled });
}

function Product({ listing, sales }: { listing: ListingDetail; sales?: ProductSales }) {
  const viewer = useViewer(listing);
  // A hidden listing takes no offers: its seller reads only why it is hidden.
  const offersShown = sales && listing.hidden_reason === undefined;
  return (
    <div className="page product">
      <div className="product-media">
        <PhotoGallery photos={photosOf(listing)} title={listing.title} />
        <Favorite listing={listing} />
      </div>
      <div className="product-main">
        {listing.hidden_reason !== undefined && (
          <p className="hidden-banner" role="status">
            {HIDDEN_PREFIX}
            {listing.hidden_reason}
          </p>
        )}
        <ProductDetails listing={listing} />
        <ShareButton listing={listing} />
        {viewer.kind === 'owner' && listing.listing_status === 'Sold' ? (
          <Suspense fallback={null}>
            <SoldActions listing={listing} />
          </Suspense>
        ) : viewer.kind === 'owner' ? (
          <p className="note product-note">
            This is your listing.
            {listing.listing_status === 'Active' && listing.hidden_reason === undefined && (
              <Link className="btn" to={`/editListing/${listing.listing_id}`}>
                Edit listing
              </Link>
            )}
            <span>
              Manage it in <Link to="/userListings">Active Listings</Link>.
            </span>
          </p>
        ) : (
          <div className="product-actions">
            <MessageBox listing={listing} viewer={viewer} />
            <DeliveryBox listing={listing} viewer={viewer} />
            {viewer.kind === 'buyer' && offersShown && (
              <Suspense fallback={null}>
                <sales.BuyerOffers listing={listing} userId={viewer.user.user_id} />
              </Suspense>
            )}
          </div>
        )}
        {viewer.kind === 'owner' && listing.listing_status === 'Active' && offersShown && (
          <Suspense fallback={null}>
            <sales.SellerOffers listing={listing} userId={viewer.user.user_id} />
          </Suspense>
        )}
        <div className="safety-actions">
          {viewer.kind === 'buyer' && (
            <Suspense fallback={null}>
              <ReportButton
                targetType="listing"
                targetId={listing.listing_id}
                label="Report listing"
              />
            </Suspense>
          )}
          <Link to="/safety">Meeting safely on campus</Link>
        </div>
      </div>
      <div className="product-seller">
        <SellerSection listing={listing} viewer={viewer} />
      </div>
    </div>
  );
}
