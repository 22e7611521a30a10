/**
 * A small marketplace with one user in every role, built directly through the shared factories
 * and repositories (fast enough to build a fresh one for every case of the authorization matrix).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createListing, createMessage, createUser } from '#server/db/factories.js';
import { createSession, hashToken } from '#server/features/accounts/repository.js';
import { insertReset } from '#server/features/accounts/reset-repository.js';
import { createHandoverCode } from '#server/features/deliveries/handover-repository.js';
import { savePosition } from '#server/features/deliveries/position-repository.js';
import { insertInstruction, insertRequest } from '#server/features/deliveries/repository.js';
import { insertBlock } from '#server/features/moderation/blocks-repository.js';
import { insertMeeting } from '#server/features/sales/meetings-repository.js';
import { isoIn } from '#server/lib/time.js';
import { registration } from './data.js';
import type { TestContext } from './harness.js';

export const ROLES = [
  'visitor',
  'buyer',
  'vendor',
  'courier',
  'assignedCourier',
  'stranger',
  'moderator',
] as const;
export type Role = (typeof ROLES)[number];

/** Text only some roles may ever see, to check that reads leak nothing. */
export const SECRETS = {
  message: 'SECRET-MESSAGE-BETWEEN-BUYER-AND-VENDOR',
  requestNote: 'SECRET-NOTE-OF-PENDING-REQUEST',
  deliveryNote: 'SECRET-NOTE-OF-ASSIGNED-DELIVERY',
  /** The assigned courier's first name: their buyer's order list names them, no one else's. */
  courierFirstName: 'SecretCourierFirstName',
  /** The handover code of the buyer's meeting on campus: their own reads only. */
  meetingCode: 'SECRET-MEETING-CODE',
} as const;

let worldCount = 0;

export async function buildWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const tag = `w${worldCount++}${randomBytes(2).toString('hex')}`;
  const mk = (role: string, is_courier = 0, first_name?: string) =>
    createUser(db, {
      username: `${role}_${tag}`,
      is_courier,
      sfsu_email: `${role}.${tag}.private@sfsu.edu`,
      ...(first_name && { first_name }),
    });
  const users = {
    buyer: await mk('buyer'),
    vendor: await mk('vendor'),
    courier: await mk('courier', 1),
    assignedCourier: await mk('assigned', 1, SECRETS.courierFirstName),
    stranger: await mk('stranger'),
    moderator: await mk('moderator'),
  };
  await db
    .updateTable('users')
    .set({ is_moderator: 1 })
    .where('user_id', '=', users.moderator.user_id)
    .execute();
  const cookies: Partial<Record<Role, string>> = {};
  for (const [role, user] of Object.entries(users)) {
    const token = randomBytes(24).toString('base64url');
    await createSession(db, user.user_id, hashToken(token), isoIn(30 * 60 * 1000));
    cookies[role as Role] = `campus_sid=${token}`;
  }

  const vendorId = users.vendor.user_id;
  const buyerId = users.buyer.user_id;
  const listing = await createListing(db, {
    vendor_id: vendorId,
    title: 'Matrix lamp',
    category: 'Furniture',
  });
  const spareListing = await createListing(db, { vendor_id: vendorId, title: 'Spare chair' });
  const freshListing = await createListing(db, { vendor_id: vendorId, title: 'Fresh desk' });
  const poolListing = await createListing(db, { vendor_id: vendorId, title: 'Pool book' });
  await createMessage(db, {
    sender_id: buyerId,
    receiver_id: vendorId,
    listing_id: listing.listing_id,
    content: SECRETS.message,
  });

  // A delivery request of the buyer's for a listing, and the delivery a seller's acceptance made
  // of an approved one (carried by `courier_id` when it is given).
  type Listing = Awaited<ReturnType<typeof createListing>>;
  type RequestOptions = Partial<Parameters<typeof insertRequest>[1]>;
  type InstructionOptions = Partial<Parameters<typeof insertInstruction>[1]>;
  const request = (item: Listing, o: RequestOptions = {}) =>
    insertRequest(db, {
      buyer_id: buyerId,
      vendor_id: vendorId,
      listing_id: item.listing_id,
      dropoff: 'Library',
      buyer_special_request: '',
      ...o,
    });
  const delivery = (requestId: number, item: Listing, o: InstructionOptions = {}) =>
    insertInstruction(db, {
      delivery_request_id: requestId,
      pickup: 'Quickly',
      dropoff: 'Library',
      seller_special_request: '',
      buyer_special_request: '',
      buyer_id: buyerId,
      vendor_id: vendorId,
      product_id: item.product_id,
      listing_id: item.listing_id,
      ...o,
    });

  const pending = await request(listing, { buyer_special_request: SECRETS.requestNote });
  const assigned = await delivery(
    await request(spareListing, {
      dropoff: 'Annex 1',
      buyer_special_request: SECRETS.deliveryNote,
      status: 'Approved',
    }),
    spareListing,
    {
      pickup: 'Cafe 101',
      dropoff: 'Annex 1',
      buyer_special_request: SECRETS.deliveryNote,
      courier_id: users.assignedCourier.user_id,
      delivery_status: 'Assigned',
    },
  );
  const unassigned = await delivery(
    await request(poolListing, { status: 'Approved' }),
    poolListing,
  );
  // Carried further by the assigned courier: one picked up (asked for with a handover code),
  // one delivered.
  const carried = async (title: string, status: 'Picked Up' | 'Delivered') => {
    const item = await createListing(db, { vendor_id: vendorId, title });
    const coded = status === 'Picked Up' ? 1 : 0;
    return delivery(
      await request(item, { status: 'Approved', require_handover_code: coded }),
      item,
      {
        courier_id: users.assignedCourier.user_id,
        delivery_status: status,
        handover_required: coded,
      },
    );
  };
  const pickedUp = await carried('Carried vase', 'Picked Up');
  await createHandoverCode(db, pickedUp);
  const handoverCode = (
    await db
      .selectFrom('handover_codes')
      .select('code')
      .where('delivery_id', '=', pickedUp)
      .executeTakeFirstOrThrow()
  ).code;
  const delivered = await carried('Delivered mug', 'Delivered');

  await savePosition(db, {
    delivery_id: assigned,
    courier_id: users.assignedCourier.user_id,
    lat: 37.72,
    lng: -122.48,
    accuracy: 5,
    at: new Date().toISOString(),
  });

  // The buyer reported the stranger and blocked them.
  const report = await db
    .insertInto('reports')
    .values({
      reporter_id: buyerId,
      target_type: 'user',
      target_id: users.stranger.user_id,
      reason: 'harassment',
      note: 'Keeps writing to me',
      created_at: new Date().toISOString(),
    })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  await insertBlock(db, buyerId, users.stranger.user_id);

  // A search the buyer saved.
  const savedSearch = await db
    .insertInto('saved_searches')
    .values({
      user_id: buyerId,
      query: '{"title":"lamp"}',
      category: null,
      created_at: new Date().toISOString(),
    })
    .returning('saved_search_id')
    .executeTakeFirstOrThrow();

  // A live reset link of the buyer's, as if read from the mail.
  const resetToken = randomBytes(32).toString('base64url');
  await insertReset(db, {
    token_hash: hashToken(resetToken),
    user_id: buyerId,
    lifetimeMs: 60 * 60 * 1000,
  });

  // A sale under way (issue 46): the buyer's open offer on the listing, and another listing the
  // seller holds for the buyer.
  const now = new Date();
  const inTwoDays = new Date(now.getTime() + 48 * 3600_000).toISOString();
  const offer = await db
    .insertInto('offers')
    .values({
      listing_id: listing.listing_id,
      buyer_id: buyerId,
      seller_id: vendorId,
      amount_cents: 900,
      status: 'Pending',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      expires_at: inTwoDays,
    })
    .returning('offer_id')
    .executeTakeFirstOrThrow();
  // Listings the seller holds for the buyer: one, and a third with a meeting on campus the
  // seller proposed.
  const holdFor = (item: Listing) =>
    db
      .insertInto('sale_holds')
      .values({
        listing_id: item.listing_id,
        seller_id: vendorId,
        buyer_id: buyerId,
        offer_id: null,
        agreed_cents: null,
        status: 'Active',
        created_at: now.toISOString(),
        expires_at: inTwoDays,
      })
      .returning('hold_id')
      .executeTakeFirstOrThrow();
  const heldListing = await createListing(db, { vendor_id: vendorId, title: 'Held stool' });
  const hold = await holdFor(heldListing);
  const meetingListing = await createListing(db, { vendor_id: vendorId, title: 'Met lamp' });
  const meetingHold = await holdFor(meetingListing);
  const meetingId = await insertMeeting(db, {
    hold_id: meetingHold.hold_id,
    listing_id: meetingListing.listing_id,
    seller_id: vendorId,
    buyer_id: buyerId,
    location: 'Library',
    at: new Date(now.getTime() + 3 * 3600_000).toISOString(),
    proposed_by: vendorId,
  });
  await db
    .updateTable('meetings')
    .set({ handover_code: SECRETS.meetingCode })
    .where('meeting_id', '=', meetingId)
    .execute();

  const idOf = (role: Role) => (role === 'visitor' ? 0 : users[role].user_id);
  return {
    users,
    cookies,
    idOf,
    emails: Object.values(users).map((u) => u.sfsu_email),
    listing,
    spareListing,
    freshListing,
    pendingRequest: pending,
    assignedDelivery: assigned,
    unassignedDelivery: unassigned,
    pickedUpDelivery: pickedUp,
    handoverCode,
    deliveredDelivery: delivered,
    resetToken,
    reportId: report.report_id,
    savedSearchId: savedSearch.saved_search_id,
    offerId: offer.offer_id,
    heldListing,
    holdId: hold.hold_id,
    meetingId,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A 1x1 PNG, enough for the server to decode, re-encode and store. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface ValidRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World) => string;
  body: (w: World) => Record<string, unknown>;
}

let registrations = 0;

/**
 * The push service the matrix and the bad-input properties name (PUSH_SERVICE_ORIGINS there):
 * nothing listens, and no request ever leaves the machine.
 */
export const PUSH_TEST_ORIGIN = 'https://127.0.0.1:9';

/** A browser's PushSubscription.toJSON() for a new device on that service. */
export function pushSubscription() {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    endpoint: `${PUSH_TEST_ORIGIN}/push/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/**
 * One valid request per endpoint that changes data, made by its rightful caller (the role the
 * name says). The authorization matrix sends them as every role; the bad-input properties
 * break them one field at a time.
 */
export const VALID = {
  register: {
    method: 'POST',
    url: () => '/api/register',
    body: () => registration(`new_user_${registrations++}`),
  },
  deleteAccount: {
    method: 'DELETE',
    url: () => '/api/me',
    body: () => ({ password: 'campus-demo-1' }),
  },
  becomeCourier: {
    method: 'PUT',
    url: (w) => `/api/user/${w.users.buyer.user_id}`,
    body: () => ({ is_courier: 1 }),
  },
  createListing: {
    method: 'POST',
    url: () => '/api/listing',
    body: (w) => ({
      thumbnail: `data:image/png;base64,${TINY_PNG_BASE64}`,
      mimetype: 'image/png',
      title: 'New thing',
      price: 5,
      description: 'Nice',
      category: 'Other',
      conditions: 'New',
      vendor_id: w.users.vendor.user_id,
    }),
  },
  relist: {
    method: 'POST',
    url: () => '/api/listing/existing',
    body: (w) => ({
      product_id: w.listing.product_id,
      price: 7,
      conditions: 'Used - Good',
      vendor_id: w.users.vendor.user_id,
    }),
  },
  editListing: {
    method: 'PATCH',
    url: (w) => `/api/listing/${w.freshListing.listing_id}`,
    body: () => ({
      title: 'Fresh standing desk',
      price: 9,
      description: 'Height adjustable',
      category: 'Furniture',
      conditions: 'Used - Like New',
      discount: 5,
    }),
  },
  saveSearch: {
    method: 'POST',
    url: () => '/api/saved-searches',
    body: () => ({ title: 'desk', category: 'Furniture', minDiscount: 10 }),
  },
  markSold: {
    method: 'PUT',
    url: (w) => `/api/listing/${w.freshListing.listing_id}`,
    body: () => ({ availability: 'Out of Stock', listing_status: 'Sold' }),
  },
  makeOffer: {
    method: 'POST',
    url: () => '/api/offers',
    body: (w) => ({ listing_id: w.freshListing.listing_id, amount: 9.5, note: 'Cash' }),
  },
  counterOffer: {
    method: 'PUT',
    url: (w) => `/api/offers/${w.offerId}`,
    body: () => ({ action: 'counter', amount: 11 }),
  },
  holdForBuyer: {
    method: 'POST',
    url: () => '/api/holds',
    body: (w) => ({ listing_id: w.listing.listing_id, buyer_id: w.users.buyer.user_id }),
  },
  extendHold: {
    method: 'PUT',
    url: (w) => `/api/holds/${w.holdId}`,
    body: () => ({ action: 'extend' }),
  },
  proposeMeeting: {
    method: 'POST',
    url: () => '/api/meetings',
    body: (w) => ({
      hold_id: w.holdId,
      location: 'Library',
      at: new Date(Date.now() + 2 * 3600_000).toISOString(),
    }),
  },
  changeMeeting: {
    method: 'PUT',
    url: (w) => `/api/meetings/${w.meetingId}`,
    body: () => ({ action: 'change', location: 'Cafe 101' }),
  },
  sendMessage: {
    method: 'POST',
    url: () => '/api/direct_message',
    body: (w) => ({
      sender_id: w.users.buyer.user_id,
      receiver_id: w.users.vendor.user_id,
      listing_id: w.listing.listing_id,
      content: 'Hi',
    }),
  },
  review: {
    method: 'POST',
    url: () => '/api/review',
    body: (w) => ({
      author_id: w.users.buyer.user_id,
      vendor_id: w.users.vendor.user_id,
      rating: 4,
      comment: 'ok',
    }),
  },
  requestDelivery: {
    method: 'POST',
    url: () => '/api/delivery_request',
    body: (w) => ({
      buyer_id: w.users.buyer.user_id,
      vendor_id: w.users.vendor.user_id,
      listing_id: w.freshListing.listing_id,
      dropoff: 'Library',
      buyer_special_request: '',
    }),
  },
  declineRequest: {
    method: 'PUT',
    url: (w) => `/api/delivery_request/${w.pendingRequest}`,
    body: () => ({ status: 'Denied' }),
  },
  acceptRequest: {
    method: 'POST',
    url: (w) => `/api/delivery_instruction/request/accept/${w.pendingRequest}`,
    body: () => ({ pickup: 'Library', vendor_special_request: '' }),
  },
  pickUp: {
    method: 'PUT',
    url: (w) => `/api/delivery_instruction/${w.assignedDelivery}`,
    body: () => ({ delivery_status: 'Picked Up', device_time: new Date().toISOString() }),
  },
  readNotifications: {
    method: 'PUT',
    url: () => '/api/notifications/read',
    body: () => ({ all: true }),
  },
  notificationPreferences: {
    method: 'PUT',
    url: () => '/api/notification-preferences',
    body: () => ({ message: { email: true } }),
  },
  subscribePush: {
    method: 'POST',
    url: () => '/api/push-subscriptions',
    body: () => pushSubscription(),
  },
  verifyEmail: {
    method: 'POST',
    url: () => '/api/verify-email',
    body: () => ({ code: '123456' }),
  },
  passwordReset: {
    method: 'POST',
    url: () => '/api/password-reset',
    body: (w) => ({ email: w.users.buyer.sfsu_email }),
  },
  passwordResetConfirm: {
    method: 'POST',
    url: () => '/api/password-reset/confirm',
    body: (w) => ({
      token: w.resetToken,
      password: 'a new password',
      confirmPassword: 'a new password',
    }),
  },
  changePassword: {
    method: 'PUT',
    url: () => '/api/password',
    body: () => ({
      currentPassword: 'campus-demo-1',
      password: 'a new password',
      confirmPassword: 'a new password',
    }),
  },
  report: {
    method: 'POST',
    url: () => '/api/reports',
    body: (w) => ({
      target_type: 'listing',
      target_id: w.listing.listing_id,
      reason: 'prohibited',
      note: 'Looks stolen',
    }),
  },
  block: {
    method: 'POST',
    url: () => '/api/blocks',
    body: (w) => ({ user_id: w.users.vendor.user_id }),
  },
  hideListing: {
    method: 'PUT',
    url: (w) => `/api/moderation/listings/${w.freshListing.listing_id}`,
    body: () => ({ hidden: true, reason: 'Prohibited item' }),
  },
  suspendUser: {
    method: 'PUT',
    url: (w) => `/api/moderation/users/${w.users.stranger.user_id}`,
    body: () => ({ suspended: true, reason: 'Harassment' }),
  },
  dismissReport: {
    method: 'PUT',
    url: (w) => `/api/moderation/reports/${w.reportId}`,
    body: () => ({ status: 'dismissed', reason: 'Not harassment' }),
  },
  cancelRequest: {
    method: 'PUT',
    url: (w) => `/api/delivery_request/${w.pendingRequest}`,
    body: () => ({ status: 'Cancelled', reason: 'Found one nearer' }),
  },
  cancelDelivery: {
    method: 'PUT',
    url: (w) => `/api/delivery_instruction/${w.assignedDelivery}`,
    body: () => ({ delivery_status: 'Cancelled', reason: 'Found one nearer' }),
  },
  dropOff: {
    method: 'PUT',
    url: (w) => `/api/delivery_instruction/${w.pickedUpDelivery}`,
    body: (w) => ({
      delivery_status: 'Delivered',
      handover_code: w.handoverCode,
      proof_photo: TINY_PNG_BASE64,
    }),
  },
  returnItem: {
    method: 'PUT',
    url: (w) => `/api/delivery_instruction/${w.pickedUpDelivery}`,
    body: () => ({ delivery_status: 'Returned', reason: 'buyer_not_there', note: 'Waited' }),
  },
  rateCourier: {
    method: 'POST',
    url: (w) => `/api/delivery_instruction/${w.deliveredDelivery}/rating`,
    body: () => ({ rating: 5, comment: 'Quick' }),
  },
  sharePosition: {
    method: 'POST',
    url: (w) => `/api/delivery_instruction/${w.assignedDelivery}/position`,
    body: () => ({ lat: 37.7221, lng: -122.4781, accuracy: 4 }),
  },
} as const satisfies Record<string, ValidRequest>;
