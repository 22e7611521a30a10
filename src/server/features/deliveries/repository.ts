import {
  SOLD_TO_ANOTHER_BUYER,
  type DeliveryRequestStatus,
  type DeliveryStatus,
} from '#shared/delivery.js';
import type { DropoffLocation } from '#shared/locations.js';
import type {
  DeliveryEvent,
  DeliveryInstruction,
  DeliveryRequest,
} from '#shared/schemas/deliveries.js';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, DeliveryEventsTable, DeliveryInstructionsTable } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';
import { deliveriesUnderWay } from '#server/safety/repository.js';

function requestQuery(db: Db) {
  return db
    .selectFrom('delivery_requests as r')
    .innerJoin('users as b', 'b.user_id', 'r.buyer_id')
    .selectAll('r')
    .select(shownUsername('b').as('username'));
}

/** The title, price and cover an order keeps from when it was made (never the listing's now). */
interface AgreedColumns {
  agreed_title: string;
  agreed_price_cents: number;
  agreed_thumbnail: string | null;
}
const agreedTerms = ({ agreed_title, agreed_price_cents, agreed_thumbnail }: AgreedColumns) => ({
  title: agreed_title,
  thumbnail: agreed_thumbnail,
  price: agreed_price_cents / 100,
});

type RequestRow = Omit<DeliveryRequest, 'title' | 'thumbnail' | 'price'> & AgreedColumns;
const toRequest = ({
  agreed_title,
  agreed_price_cents,
  agreed_thumbnail,
  ...row
}: RequestRow): DeliveryRequest => ({
  ...row,
  ...agreedTerms({ agreed_title, agreed_price_cents, agreed_thumbnail }),
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

/**
 * The buyer's requests for a listing that still count as "Request Already Sent": every one but
 * those they cancelled, those whose delivery came back (Returned), and those declined as sold
 * to another buyer once that sale ended (no delivery of the listing under way): after these
 * they may ask again.
 */
export async function requestsByBuyerForListing(db: Db, buyerId: number, listingId: number) {
  const rows = await requestQuery(db)
    .where('r.buyer_id', '=', buyerId)
    .where('r.listing_id', '=', listingId)
    .where('r.status', '!=', 'Cancelled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('delivery_instructions as returned')
            .select('returned.delivery_id')
            .whereRef('returned.delivery_request_id', '=', 'r.delivery_request_id')
            .where('returned.delivery_status', '=', 'Returned'),
        ),
      ),
    )
    .where(({ eb, or, exists }) =>
      or([
        eb('r.decline_reason', 'is', null),
        eb('r.decline_reason', '!=', SOLD_TO_ANOTHER_BUYER),
        exists(deliveriesUnderWay(db, sql.ref('r.listing_id'))),
      ]),
    )
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
  require_handover_code?: number;
  cancel_reason?: string;
}

/** The listing's title, price and cover as they are now: what a new request keeps. */
function listingTerms(db: Db, listingId: number): Promise<AgreedColumns> {
  return db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select([
      'p.title as agreed_title',
      'l.price_cents as agreed_price_cents',
      'p.thumbnail as agreed_thumbnail',
    ])
    .where('l.listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
}

/** A request keeps the listing as the buyer saw it when they asked (docs/api.md). */
export async function insertRequest(db: Db, request: NewRequest) {
  const agreed = await listingTerms(db, request.listing_id);
  const { delivery_request_id } = await db
    .insertInto('delivery_requests')
    .values({ created_at: nowIso(), ...agreed, ...request })
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

/**
 * Declines the listing's other Pending requests, with the reason their buyers read; answers
 * the ids of the requests it declined.
 */
export async function declineOtherRequests(
  db: Db,
  listingId: number,
  acceptedRequestId: number,
  reason: string,
) {
  const rows = await db
    .updateTable('delivery_requests')
    .set({ status: 'Denied', decline_reason: reason })
    .where('listing_id', '=', listingId)
    .where('status', '=', 'Pending')
    .where('delivery_request_id', '!=', acceptedRequestId)
    .returning('delivery_request_id')
    .execute();
  return rows.map((r) => r.delivery_request_id);
}

/**
 * Moves a request on from `from` (Pending by default); false when it was no longer there
 * (conditional update). A cancellation keeps the buyer's reason.
 */
export async function settleRequest(
  db: Db,
  requestId: number,
  status: 'Denied' | 'Approved' | 'Cancelled',
  { from = 'Pending', reason }: { from?: DeliveryRequestStatus; reason?: string } = {},
) {
  const result = await db
    .updateTable('delivery_requests')
    .set({ status, ...(reason !== undefined && { cancel_reason: reason }) })
    .where('delivery_request_id', '=', requestId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A delivery with what every reader sees: the title, picture and price agreed with its request,
 * whether the handover lock is on and the buyer's rating. Never the handover code itself: that
 * is only read by handoverCodesFor, for the buyer.
 */
function instructionQuery(db: Db) {
  return db
    .selectFrom('delivery_instructions as d')
    .leftJoin('handover_codes as h', 'h.delivery_id', 'd.delivery_id')
    .leftJoin('delivery_ratings as dr', 'dr.delivery_id', 'd.delivery_id')
    .selectAll('d')
    .select(['h.locked_until', 'dr.rating as delivery_rating']);
}

type InstructionRow = Omit<
  DeliveryInstruction,
  'title' | 'thumbnail' | 'price' | 'vendor_special_request' | 'handover_locked_until'
> &
  AgreedColumns & {
    locked_until: string | null;
  };
/** The seller's note goes out under both of its names (the spec uses both). */
const toInstruction = ({
  agreed_title,
  agreed_price_cents,
  agreed_thumbnail,
  locked_until,
  ...row
}: InstructionRow): DeliveryInstruction => ({
  ...row,
  ...agreedTerms({ agreed_title, agreed_price_cents, agreed_thumbnail }),
  vendor_special_request: row.seller_special_request,
  // A lock that has run out is no news.
  handover_locked_until: locked_until && locked_until > nowIso() ? locked_until : null,
});

/** Who the delivery belongs to, and where it stands: enough to authorize a call about it. */
export function deliveryParties(db: Db, deliveryId: number) {
  return db
    .selectFrom('delivery_instructions')
    .select(['delivery_id', 'buyer_id', 'vendor_id', 'courier_id', 'delivery_status'])
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirst();
}

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

/** The courier's own deliveries, with the words of each buyer's rating: their record. */
export async function courierInstructions(db: Db, courierId: number) {
  const rows = await instructionQuery(db)
    .select('dr.comment as delivery_rating_comment')
    .where('d.courier_id', '=', courierId)
    .orderBy('d.delivery_id', 'desc')
    .execute();
  return rows.map(({ delivery_rating_comment, ...row }) => ({
    ...toInstruction(row),
    delivery_rating_comment,
  }));
}

export async function findInstruction(db: Db, deliveryId: number) {
  const row = await instructionQuery(db).where('d.delivery_id', '=', deliveryId).executeTakeFirst();
  return row ? toInstruction(row) : undefined;
}

export async function insertInstruction(
  db: Db,
  values: Omit<
    Insertable<DeliveryInstructionsTable>,
    'timestamp' | 'updated_at' | keyof AgreedColumns
  > & {
    timestamp?: string;
  },
) {
  // The delivery keeps what its buyer asked for, whatever the listing says by now.
  const agreed = await db
    .selectFrom('delivery_requests')
    .select(['agreed_title', 'agreed_price_cents', 'agreed_thumbnail'])
    .where('delivery_request_id', '=', values.delivery_request_id)
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const { delivery_id } = await db
    .insertInto('delivery_instructions')
    .values({ timestamp: now, updated_at: now, ...agreed, ...values })
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  return delivery_id;
}

/** What a move records beside the status: the proof of a drop-off, why it ended early. */
export type MoveDetails = Partial<
  Pick<
    Updateable<DeliveryInstructionsTable>,
    'proof_photo' | 'return_reason' | 'return_note' | 'cancel_reason'
  >
>;

/**
 * One conditional update: moves the delivery only if it is still in `from` and still held by
 * `heldBy` (null: by nobody; 'anyone': whoever holds it, for the buyer's cancellation). Of two
 * racing writers exactly one sees `true`.
 */
export async function moveInstruction(
  db: Db,
  deliveryId: number,
  move: {
    from: DeliveryStatus;
    to: DeliveryStatus;
    heldBy: number | null | 'anyone';
    courierId: number | null;
    details?: MoveDetails;
  },
) {
  const result = await db
    .updateTable('delivery_instructions')
    .set({
      ...move.details,
      delivery_status: move.to,
      courier_id: move.courierId,
      updated_at: nowIso(),
    })
    .where('delivery_id', '=', deliveryId)
    .where('delivery_status', '=', move.from)
    .$if(move.heldBy !== 'anyone', (q) =>
      q.where((eb) =>
        move.heldBy === null
          ? eb('courier_id', 'is', null)
          : eb('courier_id', '=', move.heldBy as number),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A photo sent again with a repeated drop-off (an offline replay) when none is kept yet. */
export async function attachProofPhoto(db: Db, deliveryId: number, photo: string) {
  await db
    .updateTable('delivery_instructions')
    .set({ proof_photo: photo })
    .where('delivery_id', '=', deliveryId)
    .where('proof_photo', 'is', null)
    .execute();
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
    .select(['delivery_status', 'courier_id', 'actor_id', 'at', 'device_at', 'device_at_adjusted'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('event_id', 'asc')
    .execute();
  return rows;
}

/** The courier's last position is forgotten as soon as the delivery ends or is given up. */
export async function clearCourierPosition(db: Db, deliveryId: number) {
  await db.deleteFrom('courier_positions').where('delivery_id', '=', deliveryId).execute();
}
