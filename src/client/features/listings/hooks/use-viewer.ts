import { useLocation, useNavigate } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import type { LoginReason, LoginState } from '#client/lib/login-reason.js';
import { useSessionUser } from '#client/lib/session.js';

export type Viewer =
  | { kind: 'visitor'; toLogin: (reason: LoginReason) => void }
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
      toLogin: (reason) => {
        const state: LoginState = { from: location.pathname, reason };
        void navigate('/login', { state });
      },
    };
  }
  return user.user_id === listing.vendor_id ? { kind: 'owner', user } : { kind: 'buyer', user };
}
