/**
 * The profile screen: the accounts area's page with the listings area's "Create Listing" form.
 * Features never import each other; the shell composes them.
 */
import { ProfilePage as AccountProfile } from '../../features/accounts/profile/profile-page';
import { CreateListingModal } from '../../features/listings/create/create-listing-modal';

export function ProfilePage() {
  return <AccountProfile createListing={CreateListingModal} />;
}
