import { useLocation, useNavigate } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import type { SessionUser } from '#shared/schemas/users.js';
import { useSessionUser } from '#client/lib/session.js';

export type Viewer =
  | { kind: 'visitor'; toLogin: () => void }
  | { kind: 'owner'; user: SessionUser }
  | { kind: 'buyer'; user: SessionUser };

/** Who looks at the listing decides which controls it shows. */
export function useViewer(listing: Listing): Viewer {
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  if (!user) {
    return {
      kind: 'visitor',
      toLogin: () => void navigate('/login', { state: { from: location.pathname } }),
    };
  }
  return user.user_id === listing.vendor_id ? { kind: 'owner', user } : { kind: 'buyer', user };
}
