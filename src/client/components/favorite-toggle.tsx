import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Listing } from '#shared/schemas/listings.js';
import { setFavorite, useFavoriteIds } from '#client/lib/queries/favorites.js';
import { Heart } from './heart';

/** A signed-in person's heart: pressed while the listing is one of their favourites. */
export function FavoriteToggle({
  user,
  listing,
  label,
}: {
  user: number;
  listing: Listing;
  label: string;
}) {
  const favorites = useFavoriteIds(user);
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const on = favorites.has(listing.listing_id);
  return (
    <>
      <button
        type="button"
        className="favorite"
        aria-pressed={on}
        aria-label={label}
        onClick={() => {
          setFailed(false);
          setFavorite(client, user, listing, !on).catch(() => setFailed(true));
        }}
      >
        <Heart />
      </button>
      {failed && (
        <span role="status" className="visually-hidden">
          Your favourites could not be changed. Please try again.
        </span>
      )}
    </>
  );
}
