import type { DeliveryRequestStatus, DeliveryStatus } from '#shared/delivery.js';
import type { DropoffLocation, PickupLocation } from '#shared/locations.js';
import type {
  DeliveryEvent,
  DeliveryInstruction,
  DeliveryRequest,
} from '#shared/schemas/deliveries.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

function requestQuery(db: Db) {
  return db
    .selectFrom('delivery_requests as r')
    .innerJoin('listings as l', 'l.listing_id', 'r.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .innerJoin('users as b', 'b.user_id', 'r.buyer_id')
    .select([
      'r.delivery_request_id',
      'r.buyer_id',
      'r.vendor_id',
      'r.listing_id',
      'r.status',
      'r.dropoff',
      'r.buyer_special_request',
      'r.created_at',
      'p.title',
      'p.thumbnail',
      'l.price_cents',
      'b.username',
    ]);
}

type RequestRow = Omit<DeliveryRequest, 'price'> & { price_cents: number };
// Rows are copied field by field: rest and spread on database rows left old-generation
// garbage under load (see toListing).
const toRequest = (row: RequestRow): DeliveryRequest => ({
  delivery_request_id: row.delivery_request_id,
  buyer_id: row.buyer_id,
  vendor_id: row.vendor_id,
  listing_id: row.listing_id,
  status: row.status,
  dropoff: row.dropoff,
  buyer_special_request: row.buyer_special_request,
  created_at: row.created_at,
  title: row.title,
  thumbnail: row.thumbnail,
  price: row.price_cents / 100,
  username: row.username,
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
    .select([
      'd.delivery_id',
      'd.delivery_request_id',
      'd.pickup',
      'd.dropoff',
      'd.seller_special_request',
      'd.buyer_special_request',
      'd.buyer_id',
      'd.vendor_id',
      'd.courier_id',
      'd.product_id',
      'd.listing_id',
      'd.quantity',
      'd.delivery_status',
      'd.timestamp',
      'd.updated_at',
      'p.title',
      'p.thumbnail',
      'l.price_cents',
    ]);
}

type InstructionRow = Omit<DeliveryInstruction, 'price' | 'vendor_special_request'> & {
  price_cents: number;
};
const toInstruction = (row: InstructionRow): DeliveryInstruction => ({
  delivery_id: row.delivery_id,
  delivery_request_id: row.delivery_request_id,
  pickup: row.pickup,
  dropoff: row.dropoff,
  seller_special_request: row.seller_special_request,
  vendor_special_request: row.seller_special_request,
  buyer_special_request: row.buyer_special_request,
  buyer_id: row.buyer_id,
  vendor_id: row.vendor_id,
  courier_id: row.courier_id,
  product_id: row.product_id,
  listing_id: row.listing_id,
  quantity: row.quantity,
  delivery_status: row.delivery_status,
  timestamp: row.timestamp,
  updated_at: row.updated_at,
  title: row.title,
  thumbnail: row.thumbnail,
  price: row.price_cents / 100,
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
  values: {
    delivery_request_id: number;
    pickup: PickupLocation;
    dropoff: DropoffLocation;
    seller_special_request: string;
    buyer_special_request: string;
    buyer_id: number;
    vendor_id: number;
    product_id: number;
    listing_id: number;
    courier_id?: number | null;
    delivery_status?: DeliveryStatus;
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
  event: {
    delivery_id: number;
    delivery_status: DeliveryStatus;
    courier_id: number | null;
    actor_id: number;
    device_at: string | null;
    at?: string;
  },
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
  return rows as DeliveryEvent[];
}

/** The courier's last position is forgotten as soon as the delivery ends or is given up. */
export async function clearCourierPosition(db: Db, deliveryId: number) {
  await db.deleteFrom('courier_positions').where('delivery_id', '=', deliveryId).execute();
}
