import type { Listing } from '#shared/schemas/listings.js';
import { useFavoriteIds, useSetFavorite } from '#client/lib/queries/favorites.js';
import { Heart } from './heart';
import { SignInFirst } from './sign-in-first';
import '#client/components/favorite.css';

/**
 * The heart on a card or a listing: it keeps the listing among the person's favourites,
 * pressed while it is one. A visitor's heart leads to /login (and back); a seller has none on
 * their own listings. Cards load it after the first render (listing-card.tsx).
 */
export function Favorite({ listing }: { listing: Listing }) {
  const label = `Favourite: ${listing.title}`;
  return (
    <SignInFirst
      className="favorite"
      label={`${label} (sign in)`}
      reason="favorite"
      visitor={<Heart />}
    >
      {(user) =>
        user.user_id === listing.vendor_id ? null : (
          <FavoriteToggle user={user.user_id} listing={listing} label={label} />
        )
      }
    </SignInFirst>
  );
}

function FavoriteToggle({
  user,
  listing,
  label,
}: {
  user: number;
  listing: Listing;
  label: string;
}) {
  const favorites = useFavoriteIds(user);
  const change = useSetFavorite(user);
  const on = favorites.has(listing.listing_id);
  return (
    <>
      <button
        type="button"
        className="favorite"
        aria-pressed={on}
        aria-label={label}
        onClick={() => change.mutate({ listing, favorite: !on })}
      >
        <Heart />
      </button>
      {change.isError && (
        <span role="status" className="visually-hidden">
          Your favourites could not be changed. Please try again.
        </span>
      )}
    </>
  );
}
