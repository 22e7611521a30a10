/** Offers, holds and the record of sales, as stored (states: src/shared/sales.ts). */
export { findOffer } from '#server/safety/sale-holds-repository.js';
import {
  HOLD_HOURS,
  HOUR_MS,
  OFFER_LAPSE_HOURS,
  OPEN_OFFER_STATUSES,
  type OfferStatus,
} from '#shared/sales.js';
import type { Hold, Sale } from '#shared/schemas/sales.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { isoIn, nowIso } from '#server/lib/time.js';
import { bumpSearchEpoch, offerQuery, toOffer } from '#server/safety/sale-holds-repository.js';

const cents = (value: number) => Math.round(value * 100);
const dollars = (value: number | null) => (value === null ? null : value / 100);

/** A listing's offers, newest first: all of them, or one buyer's. */
export async function offersOfListing(db: Db, listingId: number, buyerId?: number) {
  const rows = await offerQuery(db)
    .where('o.listing_id', '=', listingId)
    .$if(buyerId !== undefined, (q) => q.where('o.buyer_id', '=', buyerId!))
    .orderBy('o.offer_id', 'desc')
    .execute();
  return rows.map(toOffer);
}

export function listingForOffer(db: Db, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['listing_id', 'vendor_id', 'listing_status', 'price_cents'])
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
}

/**
 * Stores what time decided: open offers and Active holds past `expires_at` become Lapsed.
 * Answers the holds that lapsed now (their listings are back: their watchers hear).
 */
export async function settleLapsed(db: Db) {
  const now = nowIso();
  await db
    .updateTable('offers')
    .set({ status: 'Lapsed', updated_at: now })
    .where('status', 'in', OPEN_OFFER_STATUSES)
    .where('expires_at', '<=', now)
    .execute();
  const lapsed = await db
    .updateTable('sale_holds')
    .set({ status: 'Lapsed', ended_at: now })
    .where('status', '=', 'Active')
    .where('expires_at', '<=', now)
    .returning(['hold_id', 'listing_id', 'seller_id'])
    .execute();
  if (lapsed.length > 0) await bumpSearchEpoch(db);
  return lapsed;
}

export async function insertOffer(
  db: Db,
  offer: { listing_id: number; buyer_id: number; seller_id: number; amount: number; note: string },
) {
  const now = nowIso();
  const { offer_id } = await db
    .insertInto('offers')
    .values({
      listing_id: offer.listing_id,
      buyer_id: offer.buyer_id,
      seller_id: offer.seller_id,
      amount_cents: cents(offer.amount),
      note: offer.note,
      status: 'Pending',
      created_at: now,
      updated_at: now,
      expires_at: isoIn(OFFER_LAPSE_HOURS * HOUR_MS),
    })
    .returning('offer_id')
    .executeTakeFirstOrThrow();
  return offer_id;
}

/**
 * Moves an offer from `from` (checked again in the update, so two answers at once cannot both
 * win); a move to an open status gives the other side a fresh OFFER_LAPSE_HOURS. Answers
 * whether it moved.
 */
export async function moveOffer(
  db: Db,
  offerId: number,
  from: OfferStatus,
  to: OfferStatus,
  amounts: { amount_cents?: number; counter_cents?: number | null; agreed_cents?: number },
): Promise<boolean> {
  const now = nowIso();
  const open = (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(to);
  const result = await db
    .updateTable('offers')
    .set({
      status: to,
      updated_at: now,
      ...amounts,
      ...(open && { expires_at: isoIn(OFFER_LAPSE_HOURS * HOUR_MS) }),
    })
    .where('offer_id', '=', offerId)
    .where('status', '=', from)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function toHold(row: {
  hold_id: number;
  listing_id: number;
  seller_id: number;
  buyer_id: number;
  agreed_cents: number | null;
  offer_id: number | null;
  status: Hold['status'];
  extended: number;
  created_at: string;
  expires_at: string;
}): Hold {
  return {
    hold_id: row.hold_id,
    listing_id: row.listing_id,
    seller_id: row.seller_id,
    buyer_id: row.buyer_id,
    agreed_amount: dollars(row.agreed_cents),
    offer_id: row.offer_id,
    status: row.status === 'Active' && row.expires_at <= nowIso() ? 'Lapsed' : row.status,
    extended: row.extended === 1,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

export async function findHold(db: Db, holdId: number): Promise<Hold | undefined> {
  const row = await db
    .selectFrom('sale_holds')
    .selectAll()
    .where('hold_id', '=', holdId)
    .executeTakeFirst();
  return row && toHold(row);
}

/** Reserves the listing for the buyer for HOLD_HOURS (one Active hold a listing: unique). */
export async function insertHold(
  db: Db,
  hold: {
    listing_id: number;
    seller_id: number;
    buyer_id: number;
    offer_id: number | null;
    agreed_cents: number | null;
  },
) {
  const { hold_id } = await db
    .insertInto('sale_holds')
    .values({
      ...hold,
      status: 'Active',
      created_at: nowIso(),
      expires_at: isoIn(HOLD_HOURS * HOUR_MS),
    })
    .returning('hold_id')
    .executeTakeFirstOrThrow();
  await bumpSearchEpoch(db);
  return hold_id;
}

/** Adds HOLD_HOURS to an Active hold not extended yet; answers whether it did. */
export async function extendHold(db: Db, holdId: number, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('sale_holds')
    .set({
      extended: 1,
      expires_at: new Date(Date.parse(expiresAt) + HOLD_HOURS * HOUR_MS).toISOString(),
    })
    .where('hold_id', '=', holdId)
    .where('status', '=', 'Active')
    .where('extended', '=', 0)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseHold(db: Db, holdId: number): Promise<boolean> {
  const result = await db
    .updateTable('sale_holds')
    .set({ status: 'Released', ended_at: nowIso() })
    .where('hold_id', '=', holdId)
    .where('status', '=', 'Active')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  const released = Number(result.numUpdatedRows) > 0;
  if (released) await bumpSearchEpoch(db);
  return released;
}

/** Who keeps the listing as a favourite (told once when its hold ends). */
export async function favoritersOf(db: Db, listingId: number) {
  const rows = await db
    .selectFrom('favorites')
    .select('user_id')
    .where('listing_id', '=', listingId)
    .execute();
  return rows.map((r) => r.user_id);
}

export function listingTitle(db: Db, listingId: number) {
  return db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select(['l.listing_id', 'p.title'])
    .where('l.listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
}

/** What saved searches match a listing on: its title and category. */
export function listingFacts(db: Db, listingId: number) {
  return db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select(['l.listing_id', 'p.title', 'p.category'])
    .where('l.listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
}

/** The sales where the person is the seller, or the buyer, newest first. */
export async function salesOf(db: Db, userId: number, side: 'seller' | 'buyer'): Promise<Sale[]> {
  const rows = await db
    .selectFrom('sales as s')
    .innerJoin('listings as l', 'l.listing_id', 's.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .innerJoin('users as v', 'v.user_id', 's.seller_id')
    .leftJoin('users as b', 'b.user_id', 's.buyer_id')
    .select([
      's.sale_id',
      's.listing_id',
      'p.title',
      'p.thumbnail',
      's.seller_id',
      shownUsername('v').as('seller_username'),
      's.buyer_id',
      shownUsername<string | null>('b').as('buyer_username'),
      's.agreed_price_cents',
      's.how',
      's.location',
      's.at',
    ])
    .where(side === 'seller' ? 's.seller_id' : 's.buyer_id', '=', userId)
    .orderBy('s.sale_id', 'desc')
    .execute();
  return rows.map(({ agreed_price_cents, ...row }) => ({
    ...row,
    agreed_price: agreed_price_cents / 100,
  }));
}

/** A listing's holds, newest first: all of them, or one buyer's. */
export async function holdsOfListing(db: Db, listingId: number, buyerId?: number) {
  const rows = await db
    .selectFrom('sale_holds')
    .selectAll()
    .where('listing_id', '=', listingId)
    .$if(buyerId !== undefined, (q) => q.where('buyer_id', '=', buyerId!))
    .orderBy('hold_id', 'desc')
    .execute();
  return rows.map(toHold);
}
