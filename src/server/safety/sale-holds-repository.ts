/**
 * What the listings and deliveries features need of a sale (src/server/features/sales), which
 * they may not import: whether a listing is on hold and for whom, closing its open offers when
 * it changes, ending its hold, and recording a sale. Lapses are computed from `expires_at`
 * everywhere (an Active hold or open offer past it counts as Lapsed), and stored by `settle`.
 */
import { sql } from 'kysely';
import {
  OPEN_MEETING_STATUSES,
  OPEN_OFFER_STATUSES,
  type HoldStatus,
  type OfferStatus,
  type SaleHow,
} from '#shared/sales.js';
import type { Offer } from '#shared/schemas/sales.js';
import { messagesBetween } from '#server/db/either-way.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';

const dollars = (value: number | null) => (value === null ? null : value / 100);

export function offerQuery(db: Db) {
  return db
    .selectFrom('offers as o')
    .innerJoin('users as b', 'b.user_id', 'o.buyer_id')
    .innerJoin('listings as l', 'l.listing_id', 'o.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .selectAll('o')
    .select([shownUsername('b').as('buyer_username'), 'p.title']);
}
type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['executeTakeFirstOrThrow']>>;

/** An open offer past its time reads Lapsed even before `settleLapsed` stores it. */
export function toOffer(row: OfferRow): Offer {
  const open = (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(row.status);
  return {
    offer_id: row.offer_id,
    listing_id: row.listing_id,
    title: row.title,
    buyer_id: row.buyer_id,
    buyer_username: row.buyer_username,
    seller_id: row.seller_id,
    amount: row.amount_cents / 100,
    counter_amount: dollars(row.counter_cents),
    agreed_amount: dollars(row.agreed_cents),
    note: row.note,
    status: open && row.expires_at <= nowIso() ? 'Lapsed' : row.status,
    closed_reason: row.closed_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
  };
}

export async function findOffer(db: Db, offerId: number): Promise<Offer | undefined> {
  const row = await offerQuery(db).where('o.offer_id', '=', offerId).executeTakeFirst();
  return row && toOffer(row);
}

/** The listing's hold in force, if any: for whom, at what agreed price (cents, or null). */
export function activeHold(db: Db, listingId: number) {
  return db
    .selectFrom('sale_holds')
    .select(['hold_id', 'listing_id', 'seller_id', 'buyer_id', 'agreed_cents', 'expires_at'])
    .where('listing_id', '=', listingId)
    .where('status', '=', 'Active')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

/**
 * Cached search answers and the featured pool follow the search epoch: a hold that starts or
 * ends moves it, as an edit of the listing would.
 */
export async function bumpSearchEpoch(db: Db): Promise<void> {
  await sql`update search_epoch set n = n + 1 where id = 1`.execute(db);
}

/** Closes the listing's open offers with the reason their buyers read; answers their ids. */
export async function closeOpenOffers(
  db: Db,
  listingId: number,
  reason: string,
  except?: number,
): Promise<number[]> {
  const now = nowIso();
  const rows = await db
    .updateTable('offers')
    .set({ status: 'Closed', closed_reason: reason, updated_at: now })
    .where('listing_id', '=', listingId)
    .where('status', 'in', OPEN_OFFER_STATUSES)
    .$if(except !== undefined, (q) => q.where('buyer_id', '!=', except!))
    .returning('offer_id')
    .execute();
  return rows.map((r) => r.offer_id);
}

/** Ends the listing's Active hold (Released, Completed); answers whether there was one. */
export async function endHold(
  db: Db,
  listingId: number,
  status: Exclude<HoldStatus, 'Active'>,
): Promise<boolean> {
  const ended = await db
    .updateTable('sale_holds')
    .set({ status, ended_at: nowIso() })
    .where('listing_id', '=', listingId)
    .where('status', '=', 'Active')
    .returning('hold_id')
    .execute();
  if (ended.length > 0) await bumpSearchEpoch(db);
  return ended.length > 0;
}

/**
 * The price a buyer pays for the listing: the agreed amount of their hold, else of an offer of
 * theirs the seller accepted, else the listing's price now. Null when the listing is unknown.
 */
export async function agreedPriceCents(
  db: Db,
  listingId: number,
  buyerId: number | null,
): Promise<number | null> {
  if (buyerId !== null) {
    const held = await db
      .selectFrom('sale_holds')
      .select('agreed_cents')
      .where('listing_id', '=', listingId)
      .where('buyer_id', '=', buyerId)
      .where('agreed_cents', 'is not', null)
      .orderBy('hold_id', 'desc')
      .executeTakeFirst();
    if (held?.agreed_cents != null) return held.agreed_cents;
  }
  const listing = await db
    .selectFrom('listings')
    .select('price_cents')
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  return listing?.price_cents ?? null;
}

export interface SaleRecord {
  listing_id: number;
  seller_id: number;
  buyer_id: number | null;
  agreed_price_cents: number;
  how: SaleHow;
  /** Where they met, for a sale made at a meeting on campus. */
  location?: string | null;
}

/**
 * Records the sale of a listing, once: a listing is sold once (a second record, say a delivery
 * after "Mark as Sold", keeps the first). Its hold ends Completed and its open offers close.
 */
export async function recordSale(db: Db, sale: SaleRecord): Promise<void> {
  await db
    .insertInto('sales')
    .values({ ...sale, at: nowIso() })
    .onConflict((oc) => oc.column('listing_id').doNothing())
    .execute();
  await endHold(db, sale.listing_id, 'Completed');
}

/** Has the buyer dealt with the seller about this listing: a message, an offer or a hold? */
export async function dealtAbout(
  db: Db,
  listingId: number,
  sellerId: number,
  buyerId: number,
): Promise<boolean> {
  const { dealt } = await db
    .selectNoFrom(({ exists, selectFrom, or }) =>
      or([
        exists(messagesBetween(db, buyerId, sellerId).where('m.listing_id', '=', listingId)),
        exists(
          selectFrom('offers')
            .select('offer_id')
            .where('listing_id', '=', listingId)
            .where('buyer_id', '=', buyerId),
        ),
        exists(
          selectFrom('sale_holds')
            .select('hold_id')
            .where('listing_id', '=', listingId)
            .where('buyer_id', '=', buyerId),
        ),
      ]).as('dealt'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(dealt);
}

/** The seller made a listing they had marked Sold Active again: its "Mark as Sold" is undone. */
export async function undoMarkedSale(db: Db, listingId: number): Promise<void> {
  await db
    .deleteFrom('sales')
    .where('listing_id', '=', listingId)
    .where('how', '=', 'other')
    .execute();
}

/** The holder's delivery request carries the price agreed in their hold (an accepted offer). */
export async function applyHoldPrice(db: Db, requestId: number, agreedCents: number) {
  await db
    .updateTable('delivery_requests')
    .set({ agreed_price_cents: agreedCents })
    .where('delivery_request_id', '=', requestId)
    .execute();
}

/**
 * Account deletion: the leaver's open offers are withdrawn, offers on their listings close,
 * holds for them or on their listings end, and their open meetings on campus are cancelled.
 * Sales, and meetings that ended, stay: the other side keeps its record.
 */
export async function endSalesTalksOf(db: Db, userId: number): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('offers')
    .set({ status: 'Withdrawn', updated_at: now })
    .where('buyer_id', '=', userId)
    .where('status', 'in', OPEN_OFFER_STATUSES)
    .execute();
  await db
    .updateTable('offers')
    .set({ status: 'Closed', closed_reason: 'The listing was removed', updated_at: now })
    .where('seller_id', '=', userId)
    .where('status', 'in', OPEN_OFFER_STATUSES)
    .execute();
  const ended = await db
    .updateTable('sale_holds')
    .set({ status: 'Released', ended_at: now })
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .where('status', '=', 'Active')
    .returning('hold_id')
    .execute();
  if (ended.length > 0) await bumpSearchEpoch(db);
  await db
    .updateTable('meetings')
    .set({ status: 'Cancelled', updated_at: now })
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .where('status', 'in', OPEN_MEETING_STATUSES)
    .execute();
}

/** Which of these listings are on hold now (one query for a page of search results). */
export async function heldAmong(db: Db, listingIds: readonly number[]): Promise<Set<number>> {
  if (listingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sale_holds')
    .select('listing_id')
    .where('listing_id', 'in', listingIds)
    .where('status', '=', 'Active')
    .where('expires_at', '>', nowIso())
    .execute();
  return new Set(rows.map((r) => r.listing_id));
}
