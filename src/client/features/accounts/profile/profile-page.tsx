import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { SCREENS } from '#shared/screens.js';
import { RequireUser } from '#client/components/require-user.js';
import { Avatar } from '#client/components/ui/avatar.js';
import { MutationButton } from '#client/components/ui/fields.js';
import { Stars } from '#client/components/ui/stars.js';
import { useSoldCount } from '#client/lib/queries/listings.js';
import { useUser } from '#client/lib/queries/users.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { BlockedPeople } from './components/blocked-people';
import { ChangePassword } from './components/change-password';
import { OfflineDataStatus } from './components/offline-data';
import { DeleteAccount } from './components/delete-account';
import { DownloadData } from './components/download-data';
import { ProfileCards } from './components/profile-cards';
import { ReturnNote } from './components/return-note';
import { useBecomeCourier } from './api/profile-api';
import { VerifyEmailBanner } from './components/verify-email-banner';
import { Section } from '#client/components/ui/section.js';
import '#client/features/accounts/profile/profile.css';
import '#client/components/ui/stat-row.css';
import { Button } from '#client/components/ui/button.js';

/** The listings area's form for a new listing, given by the app shell (app/pages). */
export type CreateListing = ComponentType<{ vendorId: number; onClose: () => void }>;

export function ProfilePage({ createListing }: { createListing: CreateListing }) {
  useDocumentTitle('Profile');
  return (
    <RequireUser>{(user) => <Profile user={user} CreateListing={createListing} />}</RequireUser>
  );
}

function Profile({ user, CreateListing }: { user: SessionUser; CreateListing: CreateListing }) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const sold = useSoldCount(user.user_id);
  const fresh = useUser(user.user_id);
  const becomeCourier = useBecomeCourier(user.user_id);
  const rating = fresh.data?.rating ?? user.rating;
  const reviewCount = fresh.data?.review_count ?? user.review_count;
  const isCourier = user.is_courier === 1;

  return (
    <div className="page">
      <section className="profile-head card" aria-labelledby="profile-title">
        <Avatar name={user.username} className="avatar avatar-large" />
        <div className="profile-who">
          <h1 id="profile-title">
            {user.first_name} {user.last_name}
          </h1>
          <p>
            {/* Flex items spaced by the row's gap: no separator left hanging when it wraps. */}
            <span>@{user.username}</span>
            <Link to={`/userProfile?id=${user.user_id}`}>Public profile</Link>
            {isCourier && <span className="badge">Courier</span>}
          </p>
        </div>
        <Button variant="gold" onClick={() => setCreating(true)}>
          Create Listing
        </Button>
      </section>

      <ReturnNote />
      <VerifyEmailBanner user={user} />

      <dl className="stat-row section">
        <div className="stat">
          <dt>Sold Items</dt>
          <dd>{sold.isSuccess ? sold.data : sold.isError ? '—' : '…'}</dd>
        </div>
        <div className="stat">
          <dt>Rating</dt>
          <dd>
            {rating ?? 1} <Stars rating={rating} reviewCount={reviewCount} />
          </dd>
        </div>
      </dl>
      <p className="profile-vendor-link">
        <Link to="/vendorPage">Vendor dashboard: your listings and sales at a glance</Link>
      </p>
      <p className="profile-vendor-link">
        <Link to={SCREENS.notificationSettings}>
          Notification settings: what reaches you, and how
        </Link>
      </p>

      <Section titleId="dashboard-title" title="Your dashboard">
        <ProfileCards isCourier={isCourier} />
      </Section>

      <div className="btn-row section">
        <Button onClick={() => void navigate('/OrderStatus')}>Order Status</Button>
        {!isCourier && (
          <MutationButton mutation={becomeCourier} busyText="Signing you up…">
            Become a Courier
          </MutationButton>
        )}
      </div>
      {becomeCourier.isError && (
        <p className="form-error" role="alert">
          Could not make you a courier: {becomeCourier.error.message}
        </p>
      )}
      {becomeCourier.isSuccess && (
        <p className="form-success" role="status">
          You are now a courier. Open the Courier Dashboard to start a shift.
        </p>
      )}
      <OfflineDataStatus />
      <ChangePassword />
      <BlockedPeople />
      <Section titleId="your-data-title" title="Your data">
        <DownloadData />
        <DeleteAccount />
      </Section>
      {creating && <CreateListing vendorId={user.user_id} onClose={() => setCreating(false)} />}
    </div>
  );
}
