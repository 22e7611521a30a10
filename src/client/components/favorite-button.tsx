import { lazy, Suspense } from 'react';
import type { Listing } from '#shared/schemas/listings.js';
import { Heart } from './heart';
import { SignInFirst } from './sign-in-first';

// Only signed-in people keep favourites: visitors, most of the home page's readers, never
// load the code that does (the home route's bundle budget, README "Performance").
const FavoriteToggle = lazy(() =>
  import('./favorite-toggle').then((m) => ({ default: m.FavoriteToggle })),
);

/**
 * The heart on a card or a listing: it keeps the listing among the person's favourites. A
 * visitor's heart leads to /login (and back); a seller has none on their own listings.
 */
export function FavoriteButton({ listing }: { listing: Listing }) {
  const label = `Favourite: ${listing.title}`;
  return (
    <SignInFirst className="favorite" label={`${label} (sign in)`} visitor={<Heart />}>
      {(user) =>
        user.user_id === listing.vendor_id ? null : (
          <Suspense
            fallback={
              <button type="button" className="favorite" aria-label={label} disabled>
                <Heart />
              </button>
            }
          >
            <FavoriteToggle user={user.user_id} listing={listing} label={label} />
          </Suspense>
        )
      }
    </SignInFirst>
  );
}
