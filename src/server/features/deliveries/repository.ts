import type { DeliveryRequestStatus, DeliveryStatus } from '#shared/delivery.js';
import type { DropoffLocation } from '#shared/locations.js';
import type {
  DeliveryEvent,
  DeliveryInstruction,
  DeliveryRequest,
} from '#shared/schemas/deliveries.js';
import type { Insertable } from 'kysely';
import type { Db, DeliveryEventsTable, DeliveryInstructionsTable } from '#server/db/schema.js';
import { shownUsername } from '#server/lib/shown-name.js';
import { nowIso } from '#server/lib/time.js';

function requestQuery(db: Db) {
  return db
    .selectFrom('delivery_requests as r')
    .innerJoin('listings as l', 'l.listing_id', 'r.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .innerJoin('users as b', 'b.user_id', 'r.buyer_id')
    .selectAll('r')
    .select(['p.title', 'p.thumbnail', 'l.price_cents', shownUsername('b').as('username')]);
}

type RequestRow = Omit<DeliveryRequest, 'price'> & { price_cents: number };
const toRequest = ({ price_cents, ...row }: RequestRow): DeliveryRequest => ({
  ...row,
  price: price_cents / 100,
});

/** The user's requests, as buyer or as vendor, newest first. */
export async function requestsOf(db: Db, userId: number) {
  const rows = await requestQuery(db)
    .where((eb) => eb.or([eb('r.buyer_id', '=', userId), eb('r.vendor_id', '=', userId)]))
    .orderBy('r.delivery_request_id', 'desc')
    .execute();
  return rows.map(toRequest);
}

export async function pendingRequestsForVendor(db: Db, vendorId: number) {
  const rows = await requestQuery(db)
    .where('r.vendor_id', '=', vendorId)
    .where('r.status', '=', 'Pending')
    .orderBy('r.delivery_request_id', 'asc')
    .execute();
  return rows.map(toRequest);
}

export async function requestsByBuyerForListing(db: Db, buyerId: number, listingId: number) {
  const rows = await requestQuery(db)
    .where('r.buyer_id', '=', buyerId)
    .where('r.listing_id', '=', listingId)
    .execute();
  return rows.map(toRequest);
}

export async function findRequest(db: Db, requestId: number) {
  const row = await requestQuery(db)
    .where('r.delivery_request_id', '=', requestId)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

export interface NewRequest {
  buyer_id: number;
  vendor_id: number;
  listing_id: number;
  dropoff: DropoffLocation;
  buyer_special_request: string;
  status?: DeliveryRequestStatus;
  created_at?: string;
}

export async function insertRequest(db: Db, request: NewRequest) {
  const { delivery_request_id } = await db
    .insertInto('delivery_requests')
    .values({ created_at: nowIso(), ...request })
    .returning('delivery_request_id')
    .executeTakeFirstOrThrow();
  return delivery_request_id;
}

export function listingForRequest(db: Db, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['listing_id', 'vendor_id', 'product_id', 'listing_status'])
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
}

/** Moves a request out of Pending; false when it was no longer Pending (conditional update). */
export async function settleRequest(db: Db, requestId: number, status: 'Denied' | 'Approved') {
  const result = await db
    .updateTable('delivery_requests')
    .set({ status })
    .where('delivery_request_id', '=', requestId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function instructionQuery(db: Db) {
  return db
    .selectFrom('delivery_instructions as d')
    .innerJoin('listings as l', 'l.listing_id', 'd.listing_id')
    .innerJoin('products as p', 'p.product_id', 'd.product_id')
    .selectAll('d')
    .select(['p.title', 'p.thumbnail', 'l.price_cents']);
}

type InstructionRow = Omit<DeliveryInstruction, 'price' | 'vendor_special_request'> & {
  price_cents: number;
};
/** The seller's note goes out under both of its names (the spec uses both). */
const toInstruction = ({ price_cents, ...row }: InstructionRow): DeliveryInstruction => ({
  ...row,
  vendor_special_request: row.seller_special_request,
  price: price_cents / 100,
});

export async function instructionsOf(db: Db, userId: number) {
  const rows = await instructionQuery(db)
    .where((eb) =>
      eb.or([
        eb('d.buyer_id', '=', userId),
        eb('d.vendor_id', '=', userId),
        eb('d.courier_id', '=', userId),
      ]),
    )
    .orderBy('d.delivery_id', 'desc')
    .execute();
  return rows.map(toInstruction);
}

export async function unassignedInstructions(db: Db) {
  const rows = await instructionQuery(db)
    .where('d.delivery_status', '=', 'Unassigned')
    .orderBy('d.delivery_id', 'asc')
    .limit(200)
    .execute();
  return rows.map(toInstruction);
}

export async function courierInstructions(db: Db, courierId: number) {
  const rows = await instructionQuery(db)
    .where('d.courier_id', '=', courierId)
    .orderBy('d.delivery_id', 'desc')
    .execute();
  return rows.map(toInstruction);
}

export async function findInstruction(db: Db, deliveryId: number) {
  const row = await instructionQuery(db).where('d.delivery_id', '=', deliveryId).executeTakeFirst();
  return row ? toInstruction(row) : undefined;
}

export async function insertInstruction(
  db: Db,
  values: Omit<Insertable<DeliveryInstructionsTable>, 'timestamp' | 'updated_at'> & {
    timestamp?: string;
  },
) {
  const now = nowIso();
  const { delivery_id } = await db
    .insertInto('delivery_instructions')
    .values({ timestamp: now, updated_at: now, ...values })
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  return delivery_id;
}

/**
 * One conditional update: moves the delivery only if it is still in `from` (and, when given,
 * still held by `heldBy`). Of two racing writers exactly one sees `true`.
 */
export async function moveInstruction(
  db: Db,
  deliveryId: number,
  move: {
    from: DeliveryStatus;
    to: DeliveryStatus;
    heldBy: number | null;
    courierId: number | null;
  },
) {
  const result = await db
    .updateTable('delivery_instructions')
    .set({ delivery_status: move.to, courier_id: move.courierId, updated_at: nowIso() })
    .where('delivery_id', '=', deliveryId)
    .where('delivery_status', '=', move.from)
    .where((eb) =>
      move.heldBy === null ? eb('courier_id', 'is', null) : eb('courier_id', '=', move.heldBy),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertDeliveryEvent(
  db: Db,
  event: Omit<Insertable<DeliveryEventsTable>, 'at'> & { at?: string },
) {
  await db
    .insertInto('delivery_events')
    .values({ at: nowIso(), ...event })
    .execute();
}

export async function deliveryEvents(db: Db, deliveryId: number): Promise<DeliveryEvent[]> {
  const rows = await db
    .selectFrom('delivery_events')
    .select(['delivery_status', 'courier_id', 'actor_id', 'at', 'device_at'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('event_id', 'asc')
    .execute();
  return rows;
}

/** The courier's last position is forgotten as soon as the delivery ends or is given up. */
export async function clearCourierPosition(db: Db, deliveryId: number) {
  await db.deleteFrom('courier_positions').where('delivery_id', '=', deliveryId).execute();
}
