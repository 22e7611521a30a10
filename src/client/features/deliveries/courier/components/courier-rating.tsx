import type { CourierRating as Rating, PublicUser } from '#shared/schemas/accounts.js';
import { Stars } from '#client/components/ui/stars.js';
import { useUser } from '#client/lib/queries/users.js';

/** How buyers rate the courier's deliveries (GET /api/user/{id} carries it). */
export function CourierRating({ userId }: { userId: number }) {
  const user = useUser(userId);
  const data = user.data as (PublicUser & Partial<Rating>) | undefined;
  // The line holds its place while the rating loads: the columns under it do not jump.
  if (!data) {
    return (
      <p className="cr-rating" aria-busy="true">
        <span className="dl-label">Your courier rating:</span> …
      </p>
    );
  }
  if (data.courier_rating === undefined) return null;
  const count = data.courier_rating_count ?? 0;
  return (
    <p className="cr-rating" data-testid="courier-rating">
      <span className="dl-label">Your courier rating:</span>{' '}
      {data.courier_rating === null ? (
        'No ratings yet'
      ) : (
        <>
          <Stars rating={data.courier_rating} />{' '}
          <span className="cr-count">({count === 1 ? '1 rating' : `${count} ratings`})</span>
        </>
      )}
    </p>
  );
}
