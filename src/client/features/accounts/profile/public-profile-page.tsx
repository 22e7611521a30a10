import { Link, useSearchParams } from 'react-router';
import { BlockButton } from '#client/components/safety/block-button.js';
import { ReportButton } from '#client/components/safety/report-button.js';
import { Avatar } from '#client/components/ui/avatar.js';
import { ListingGrid } from '#client/components/ui/listing-card.js';
import { ReviewsList } from '#client/components/reviews-list.js';
import { inPage, QueryView } from '#client/components/ui/status.js';
import { Stars } from '#client/components/ui/stars.js';
import { ApiError } from '#client/lib/api.js';
import { useActiveListings } from '#client/lib/queries/listings.js';
import { useReviews } from '#client/lib/queries/reviews.js';
import { useUser } from '#client/lib/queries/users.js';
import { useSessionUser } from '#client/lib/session.js';
import { useDocumentTitle, usePageMeta } from '#client/lib/use-document-title.js';
import { Section } from '#client/components/ui/section.js';
import '#client/features/accounts/profile/profile.css';

/** /userProfile?id=N: a seller's public page with their active listings, rating and reviews. */
export function PublicProfilePage() {
  const [params] = useSearchParams();
  const me = useSessionUser();
  const raw = params.get('id');
  const id = raw === null ? (me?.user_id ?? null) : /^\d+$/.test(raw) ? Number(raw) : null;
  const user = useUser(id);
  const listings = useActiveListings(user.isSuccess ? id : null);
  const reviews = useReviews(user.isSuccess ? id : null);
  const notFound =
    id === null ||
    (user.isError && user.error instanceof ApiError && user.error.code === 'not_found');
  useDocumentTitle(notFound ? 'User not found' : (user.data?.username ?? 'Seller'));
  // For the server: a missing person answers 404; a deleted account stays out of indexes.
  usePageMeta(
    notFound
      ? { status: 404 }
      : { seller: user.data, ...(user.data?.deleted && { noindex: true }) },
  );

  if (notFound) {
    return (
      <div className="page">
        <h1>User not found</h1>
        <p>
          There is no such user. <Link to="/">Browse listings</Link>
        </p>
      </div>
    );
  }
  return (
    <QueryView query={user} frame={inPage}>
      {(seller) => (
        <div className="page">
          <header className="public-profile-head">
            <Avatar name={seller.username} className="avatar avatar-large" />
            <div>
              <h1>{seller.username}</h1>
              {seller.deleted && <p className="meta">This account was deleted.</p>}
              <p className="public-profile-rating">
                Rating: {seller.rating ?? 1}/5{' '}
                <Stars rating={seller.rating} reviewCount={seller.review_count} />
              </p>
            </div>
            {me?.user_id === seller.user_id && (
              <Link to="/RealUserProfile" className="btn btn-outline">
                Back to your profile
              </Link>
            )}
            {me && me.user_id !== seller.user_id && !seller.deleted && (
              <div className="safety-actions">
                <ReportButton targetType="user" targetId={seller.user_id} label="Report user" />
                <BlockButton userId={seller.user_id} username={seller.username} />
              </div>
            )}
          </header>
          <Section titleId="seller-listings" title="Active listings">
            <QueryView
              query={listings}
              empty={`${seller.username} has nothing for sale right now.`}
            >
              {(data) => <ListingGrid listings={data} />}
            </QueryView>
          </Section>
          <Section titleId="seller-reviews" title="Reviews">
            <QueryView query={reviews}>{(data) => <ReviewsList reviews={data} />}</QueryView>
          </Section>
        </div>
      )}
    </QueryView>
  );
}
