/** Who may change a listing: its seller, checked before the body is read (docs/api.md). */
import type { FastifyRequest } from 'fastify';
import { HIDDEN_PREFIX } from '#shared/moderation.js';
import type { Db } from '#server/db/schema.js';
import { conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { owns, signedIn } from '#server/plugins/guards.js';
import { requireUser } from '#server/plugins/session.js';
import { findHeldListing, listingOwner } from './repository.js';

const NOT_YOURS = 'Only the seller can change this listing.';

/** Route options: signed in, and 403 for a listing that is someone else's. */
export const sellerOnly = (db: Db) =>
  signedIn(
    owns('params', 'id', async (listingId, user) => {
      const owned = await listingOwner(db, listingId);
      return owned && owned.vendor_id !== user.user_id ? NOT_YOURS : undefined;
    }),
  );

/**
 * The caller's own listing, or the reason they cannot change it: 404 unknown or deleted, 409
 * hidden by a moderator (its seller learns why), 403 someone else's.
 */
export async function ownListing(db: Db, request: FastifyRequest, listingId: number) {
  const user = requireUser(request);
  const owned = await listingOwner(db, listingId);
  if (!owned) {
    const held = await findHeldListing(db, listingId);
    if (held?.vendor_id === user.user_id) throw conflict(`${HIDDEN_PREFIX}${held.hidden_reason}`);
    throw notFound('No item Found');
  }
  if (owned.vendor_id !== user.user_id) throw forbidden(NOT_YOURS);
  return owned;
}
