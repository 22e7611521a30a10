import {
  FEATURED_COUNT,
  type Availability,
  type Category,
  type Condition,
  type ListingStatus,
} from '#shared/constants.js';
import type { Listing } from '#shared/schemas/listings.js';
import type { DialectName } from '#server/db/connect.js';
import { rowByKey } from '#server/db/row-by-key.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';
import {
  ACTIVE_WHILE_UNDER_WAY_MESSAGE,
  hasDeliveryUnderWay,
  listingTaken,
  lockListing,
} from '#server/safety/one-sale.js';
import { listingQuery, toListing, type ListingRow } from './search-repository.js';

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

/** A uniformly random permutation of `items` (Fisher-Yates, in place). */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Up to `wanted` distinct random active listings, in random order (the featured pool). Samples
 * ids between the lowest and highest listing id and reads those rows by primary key, instead of
 * sorting the whole table randomly; when sampling finds too few (few listings, or few of them
 * active), it reads active listings on from a random id, wrapping around.
 */
export async function randomActiveListings(db: Db, wanted = FEATURED_COUNT): Promise<Listing[]> {
  // Two scalar subqueries: SQLite answers a lone min() or max() from the primary key in one
  // step, but min() and max() in one select read the whole table.
  const range = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('listings')
        .select((e) => e.fn.min('listing_id').as('lo'))
        .as('lo'),
      eb
        .selectFrom('listings')
        .select((e) => e.fn.max('listing_id').as('hi'))
        .as('hi'),
    ])
    .executeTakeFirst();
  const lo = Number(range?.lo ?? 0);
  const hi = Number(range?.hi ?? 0);
  if (!hi) return [];
  const span = hi - lo + 1;
  // A listing on hold for a buyer leaves the featured items until the hold ends.
  const now = nowIso();
  const active = () =>
    listingQuery(db)
      .where('listings.listing_status', '=', 'Active')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sale_holds')
              .select('sale_holds.hold_id')
              .whereRef('sale_holds.listing_id', '=', 'listings.listing_id')
              .where('sale_holds.status', '=', 'Active')
              .where('sale_holds.expires_at', '>', now),
          ),
        ),
      );
  const found = new Map<number, ListingRow>();
  const add = (rows: ListingRow[]) => {
    for (const row of rows) if (found.size < wanted) found.set(row.listing_id, row);
  };
  if (span > wanted * 2) {
    for (let round = 0; round < 3 && found.size < wanted; round++) {
      const ids = new Set<number>();
      const draws = Math.min(span, (wanted - found.size) * 2);
      while (ids.size < draws) ids.add(lo + Math.floor(Math.random() * span));
      add(
        shuffle(
          await active()
            .where('listings.listing_id', 'in', [...ids])
            .execute(),
        ),
      );
    }
  }
  if (found.size < wanted) {
    const start = lo + Math.floor(Math.random() * span);
    const onFrom = (op: '>=' | '<', limit: number) =>
      active()
        .where('listings.listing_id', op, start)
        .where('listings.listing_id', 'not in', [0, ...found.keys()])
        .orderBy('listings.listing_id')
        .limit(limit)
        .execute();
    add(await onFrom('>=', wanted - found.size));
    if (found.size < wanted) add(await onFrom('<', wanted - found.size));
  }
  return shuffle([...found.values()]).map(toListing);
}

/**
 * "Sold Items": the seller's listings with a sale on record, or marked Sold (a listing sold
 * before sales were recorded has its sale since migration 2026-12-13-sales; counting both keeps
 * every one counted once).
 */
export async function soldCountOf(db: Db, vendorId: number) {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('vendor_id', '=', vendorId)
    .where((eb) =>
      eb.or([
        eb('listing_status', '=', 'Sold'),
        eb.exists(
          eb
            .selectFrom('sales')
            .select('sales.sale_id')
            .whereRef('sales.listing_id', '=', 'listings.listing_id'),
        ),
      ]),
    )
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
  return rowByKey(db, 'products', 'product_id', productId);
}

export interface NewProduct {
  vendor_id: number;
  title: string;
  description: string;
  category: Category;
  thumbnail: string | null;
  created_at?: string;
}

export function insertProduct(db: Db, product: NewProduct) {
  return db
    .insertInto('products')
    .values({ created_at: nowIso(), ...product })
    .returning(['product_id', 'thumbnail'])
    .executeTakeFirstOrThrow();
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

async function updateListingStatus(
  db: Db,
  listingId: number,
  changes: { availability?: Availability; listing_status?: ListingStatus },
) {
  await db.updateTable('listings').set(changes).where('listing_id', '=', listingId).execute();
}

/**
 * The seller's change of availability or status. Making it Active again waits for any sale of
 * it in progress and is refused (409 `listing_taken`) while a delivery of it is under way: the
 * item is promised to that buyer.
 */
export async function changeListingStatus(
  db: Db,
  dialect: DialectName,
  listingId: number,
  changes: { availability?: Availability; listing_status?: ListingStatus },
) {
  await db.transaction().execute(async (trx) => {
    if (changes.listing_status === 'Active') {
      await lockListing(trx, dialect, listingId);
      if (await hasDeliveryUnderWay(trx, listingId)) {
        throw listingTaken(ACTIVE_WHILE_UNDER_WAY_MESSAGE);
      }
    }
    await updateListingStatus(trx, listingId, changes);
  });
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
      // Couriers could otherwise claim a delivery of a listing that is gone.
      if (await hasDeliveryUnderWay(trx, listingId)) throw DELIVERY_UNDER_WAY;
    });
    return true;
  } catch (error) {
    if (error === DELIVERY_UNDER_WAY) return false;
    throw error;
  }
}
