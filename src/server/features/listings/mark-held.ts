import type { Db } from '#server/db/schema.js';
import { heldAmong } from '#server/safety/sale-holds-repository.js';

/**
 * Listings on hold for a buyer carry `on_hold: true` (absent otherwise: the spec's shape), in
 * every list a buyer browses: search, a seller's Active Listings, the Favourites page. A hold
 * that starts or ends moves the search epoch, so cached answers follow.
 */
export async function markHeld<L extends { listing_id: number; on_hold?: boolean } | undefined>(
  db: Db,
  found: L[],
): Promise<L[]> {
  const ids = found.flatMap((l) => (l ? [l.listing_id] : []));
  const held = await heldAmong(db, ids);
  return found.map((l) => (l && held.has(l.listing_id) ? { ...l, on_hold: true } : l));
}
