/**
 * Hiding listings and suspending accounts (docs/decisions/020-moderation.md). A hidden listing
 * is stored as Deleted, which every list and search already leaves out, and its hold keeps the
 * status it gets back. Callers run these in one transaction with the audit record.
 */
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import { shownUsername } from '#server/db/shown-name.js';

/** Listings as moderators weigh them: with their product's title and their hold, if any. */
export function listingsWithHolds(db: Db) {
  return db
    .selectFrom('listings')
    .innerJoin('products', 'products.product_id', 'listings.product_id')
    .leftJoin('listing_holds', 'listing_holds.listing_id', 'listings.listing_id');
}

export function listingWithHold(db: Db, listingId: number) {
  return listingsWithHolds(db)
    .select([
      'listings.listing_id',
      'listings.vendor_id',
      'listings.listing_status',
      'products.title',
      'listing_holds.reason as hold_reason',
      'listing_holds.by_suspension',
    ])
    .where('listings.listing_id', '=', listingId)
    .executeTakeFirst();
}

/** Hides a listing (or gives a hidden one a new reason, now the moderator's own decision). */
export async function holdListing(
  db: Db,
  listing: { listing_id: number; listing_status: string; hold_reason: string | null },
  reason: string,
  moderatorId: number,
) {
  if (listing.hold_reason !== null) {
    await db
      .updateTable('listing_holds')
      .set({ reason, by_suspension: 0, moderator_id: moderatorId })
      .where('listing_id', '=', listing.listing_id)
      .execute();
    return;
  }
  await db
    .insertInto('listing_holds')
    .values({
      listing_id: listing.listing_id,
      previous_status: listing.listing_status === 'Sold' ? 'Sold' : 'Active',
      reason,
      by_suspension: 0,
      moderator_id: moderatorId,
      created_at: nowIso(),
    })
    .execute();
  await db
    .updateTable('listings')
    .set({ listing_status: 'Deleted' })
    .where('listing_id', '=', listing.listing_id)
    .execute();
}

/** Gives held listings their status back and drops their holds. */
export async function releaseListings(db: Db, listingIds: number[]) {
  if (listingIds.length === 0) return;
  const holds = await db
    .selectFrom('listing_holds')
    .select(['listing_id', 'previous_status'])
    .where('listing_id', 'in', listingIds)
    .execute();
  for (const status of ['Active', 'Sold'] as const) {
    const ids = holds.filter((h) => h.previous_status === status).map((h) => h.listing_id);
    if (ids.length === 0) continue;
    await db
      .updateTable('listings')
      .set({ listing_status: status })
      .where('listing_id', 'in', ids)
      .execute();
  }
  await db.deleteFrom('listing_holds').where('listing_id', 'in', listingIds).execute();
}

export function userForModeration(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      shownUsername('users').as('username'),
      'is_moderator',
      'suspended_at',
      'suspended_reason',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Suspends an account: it cannot sign in, every session ends, and its listings that are up
 * (or sold, still readable) are hidden until the account is restored.
 */
export async function suspendAccount(db: Db, userId: number, reason: string, moderatorId: number) {
  const now = nowIso();
  await db
    .updateTable('users')
    .set((eb) => ({
      suspended_at: eb.fn.coalesce('suspended_at', eb.val(now)),
      suspended_reason: reason,
    }))
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  const shown = await db
    .selectFrom('listings')
    .select(['listing_id', 'listing_status'])
    .where('vendor_id', '=', userId)
    .where('listing_status', 'in', ['Active', 'Sold'])
    .execute();
  if (shown.length === 0) return;
  await db
    .insertInto('listing_holds')
    .values(
      shown.map((l) => ({
        listing_id: l.listing_id,
        previous_status: l.listing_status === 'Sold' ? ('Sold' as const) : ('Active' as const),
        reason,
        by_suspension: 1,
        moderator_id: moderatorId,
        created_at: now,
      })),
    )
    .execute();
  await db
    .updateTable('listings')
    .set({ listing_status: 'Deleted' })
    .where(
      'listing_id',
      'in',
      shown.map((l) => l.listing_id),
    )
    .execute();
}

/** Lifts a suspension and gives back the listings it hid (not those hidden on their own). */
export async function restoreAccount(db: Db, userId: number) {
  await db
    .updateTable('users')
    .set({ suspended_at: null, suspended_reason: null })
    .where('user_id', '=', userId)
    .execute();
  const held = await db
    .selectFrom('listing_holds')
    .innerJoin('listings', 'listings.listing_id', 'listing_holds.listing_id')
    .select('listing_holds.listing_id')
    .where('listings.vendor_id', '=', userId)
    .where('listing_holds.by_suspension', '=', 1)
    .execute();
  await releaseListings(
    db,
    held.map((h) => h.listing_id),
  );
}

/** The ids of a user's messages, to close the reports on them with the account's. */
export async function messageIdsOf(db: Db, senderId: number, among: number[]) {
  if (among.length === 0) return [];
  const rows = await db
    .selectFrom('direct_messages')
    .select('message_id')
    .where('sender_id', '=', senderId)
    .where('message_id', 'in', among)
    .execute();
  return rows.map((r) => r.message_id);
}
