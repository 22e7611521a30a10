import type { Availability, Category, Condition, ListingStatus } from '#shared/constants.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import { listingQuery, toListing } from './search-repository.js';

export async function findListing(db: Db, listingId: number) {
  const row = await listingQuery(db)
    .where('listings.listing_id', '=', listingId)
    .where('listings.listing_status', '!=', 'Deleted')
    .executeTakeFirst();
  return row ? toListing(row) : undefined;
}

/**
 * A listing a moderator hid (stored as Deleted while its hold keeps the status it had), as its
 * seller and moderators read it: with that status and the moderator's reason.
 */
export async function findHeldListing(db: Db, listingId: number) {
  const row = await listingQuery(db)
    .innerJoin('listing_holds', 'listing_holds.listing_id', 'listings.listing_id')
    .select(['listing_holds.previous_status', 'listing_holds.reason as hidden_reason'])
    .where('listings.listing_id', '=', listingId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toListing({ ...row, listing_status: row.previous_status }),
    hidden_reason: row.hidden_reason,
  };
}

export async function activeListingsOf(db: Db, vendorId: number) {
  const rows = await listingQuery(db)
    .where('listings.vendor_id', '=', vendorId)
    .where('listings.listing_status', '=', 'Active')
    .orderBy('listings.listing_date', 'desc')
    .execute();
  return rows.map(toListing);
}

export async function soldCountOf(db: Db, vendorId: number) {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('vendor_id', '=', vendorId)
    .where('listing_status', '=', 'Sold')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function productsOf(db: Db, vendorId: number) {
  return db
    .selectFrom('products')
    .select(['product_id', 'vendor_id', 'title', 'description', 'category', 'thumbnail'])
    .where('vendor_id', '=', vendorId)
    .orderBy('product_id', 'desc')
    .execute();
}

export function findProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export interface NewProduct {
  vendor_id: number;
  title: string;
  description: string;
  category: Category;
  thumbnail: string | null;
  created_at?: string;
}

export interface NewListing {
  product_id: number;
  vendor_id: number;
  price: number;
  conditions: Condition;
  discount?: number;
  listing_date?: string;
  availability?: Availability;
  listing_status?: ListingStatus;
}

export function insertProduct(db: Db, product: NewProduct) {
  return db
    .insertInto('products')
    .values({ created_at: nowIso(), ...product })
    .returning(['product_id', 'thumbnail'])
    .executeTakeFirstOrThrow();
}

export function insertListing(db: Db, { price, ...listing }: NewListing) {
  return db
    .insertInto('listings')
    .values({ listing_date: nowIso(), ...listing, price_cents: Math.round(price * 100) })
    .returning(['listing_id'])
    .executeTakeFirstOrThrow();
}

export function listingOwner(db: Db, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['listing_id', 'vendor_id', 'product_id', 'listing_status'])
    .where('listing_id', '=', listingId)
    .where('listing_status', '!=', 'Deleted')
    .executeTakeFirst();
}

export async function updateListingStatus(
  db: Db,
  listingId: number,
  changes: { availability?: Availability; listing_status?: ListingStatus },
) {
  await db.updateTable('listings').set(changes).where('listing_id', '=', listingId).execute();
}

/**
 * Deliveries of the listing still under way (waiting for a courier or on the road): a listing
 * with one cannot be deleted, or couriers could claim a delivery of a listing that is gone.
 */
export async function hasOpenDelivery(db: Db, listingId: number) {
  const row = await db
    .selectFrom('delivery_instructions')
    .select('delivery_id')
    .where('listing_id', '=', listingId)
    .where('delivery_status', 'in', ['Unassigned', 'Assigned', 'Picked Up'])
    .executeTakeFirst();
  return row !== undefined;
}

const DELIVERY_UNDER_WAY = Symbol('delivery under way');

/**
 * Soft delete (docs/decisions/001-soft-delete-listings.md): the listing disappears everywhere,
 * and its pending delivery requests are declined so they leave the vendor's list and the buyer
 * sees an answer. Returns false, changing nothing, while a delivery of it is under way.
 *
 * One transaction, in this order, so a delete and an accept racing each other cannot leave a
 * deleted listing with a live delivery: declining the pending requests waits for (or blocks) an
 * accept holding the same request, and the check for deliveries runs after that, seeing any
 * accept that got in first.
 */
export async function softDeleteListing(db: Db, listingId: number): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('listings')
        .set({ listing_status: 'Deleted', availability: 'Out of Stock' })
        .where('listing_id', '=', listingId)
        .execute();
      await trx
        .updateTable('delivery_requests')
        .set({ status: 'Denied' })
        .where('listing_id', '=', listingId)
        .where('status', '=', 'Pending')
        .execute();
      if (await hasOpenDelivery(trx, listingId)) throw DELIVERY_UNDER_WAY;
    });
    return true;
  } catch (error) {
    if (error === DELIVERY_UNDER_WAY) return false;
    throw error;
  }
}
