import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import { ReviewsList } from '#client/components/reviews-list.js';
import { ReadyButton } from '#client/components/ui/form-controls.js';
import { QueryView } from '#client/components/ui/status.js';
import { Stars } from '#client/components/ui/stars.js';
import { useReviewEligibility, useReviews } from '#client/lib/queries/reviews.js';
import type { Viewer } from '../hooks/use-viewer';

// The review form loads when a buyer starts writing, not with the page.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/** Seller with star rating, "Write a review" when allowed, and reviews newest first. */
export function SellerSection({ listing, viewer }: { listing: Listing; viewer: Viewer }) {
  const reviews = useReviews(listing.vendor_id);
  const [writing, setWriting] = useState(false);
  const alreadyReviewed =
    viewer.kind === 'buyer' &&
    (reviews.data ?? []).some((review) => review.author_id === viewer.user.user_id);
  // Reviews follow dealings with the seller: the server says whether this reader has had any.
  // Asked beside the reviews, not after them: on a slow network each answer costs seconds.
  const eligibility = useReviewEligibility(listing.vendor_id, viewer.kind === 'buyer');
  const canReview =
    viewer.kind === 'visitor' ||
    (viewer.kind === 'buyer' &&
      reviews.isSuccess &&
      !alreadyReviewed &&
      eligibility.data?.can_review === true);

  return (
    <section className="seller" aria-labelledby="seller-title">
      <h2 id="seller-title" className="seller-head">
        <span className="seller-label">Seller</span>
        <Link to={`/userProfile?id=${listing.vendor_id}`}>{listing.username}</Link>
        <Stars rating={listing.rating} reviewCount={listing.review_count} />
      </h2>
      {canReview && (
        <ReadyButton
          variant="outline"
          onClick={() => (viewer.kind === 'visitor' ? viewer.toLogin('review') : setWriting(true))}
        >
          Write a review
        </ReadyButton>
      )}
      {viewer.kind === 'buyer' &&
        reviews.isSuccess &&
        !alreadyReviewed &&
        eligibility.data?.can_review === false && (
          <p className="note">{eligibility.data.message}</p>
        )}
      <h3 className="reviews-title">Reviews</h3>
      <QueryView query={reviews}>{(data) => <ReviewsList reviews={data} />}</QueryView>
      {writing && viewer.kind === 'buyer' && (
        <Suspense fallback={null}>
          <ReviewForm
            authorId={viewer.user.user_id}
            vendorId={listing.vendor_id}
            onClose={() => setWriting(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
