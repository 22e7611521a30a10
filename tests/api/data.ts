/** Test data for the API suite: real images made with sharp, listings and delivery set-ups. */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PASSWORD_RESET_MINUTES } from '#shared/identity.js';
import {
  createListing,
  createMessage,
  createReview,
  type ListingOptions,
} from '#server/db/factories.js';
import type { Db } from '#server/db/schema.js';
import { hashToken } from '#server/features/accounts/repository.js';
import { insertReset } from '#server/features/accounts/reset-repository.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import type { DeliveryInstruction, DeliveryRequest } from '#shared/schemas/deliveries.js';
import { as, signedInUser, type Actor, type TestContext } from './harness.js';

export const solidPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();

/** A phone-style JPEG that carries a camera make and a GPS position in its EXIF block. */
export const jpegWithGps = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 43/1 19/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 28/1 41/1',
      },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header declares width x height (a decompression bomb). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let cachedPng: string | undefined;
/** A valid POST /api/listing body for the vendor. */
export async function listingBody(
  vendor: Actor,
  overrides: Partial<Record<keyof CreateListingBody | string, unknown>> = {},
): Promise<Record<string, unknown>> {
  cachedPng ??= (await solidPng()).toString('base64');
  return {
    thumbnail: cachedPng,
    mimetype: 'image/png',
    title: 'Desk lamp',
    price: 12.5,
    description: 'Bright and adjustable.',
    category: 'Furniture',
    conditions: 'Used - Good',
    vendor_id: vendor.user.user_id,
    ...overrides,
  };
}

/** A valid POST /api/register body for a new student, `username`, with a campus address. */
export function registration(
  username: string,
  o: { firstName?: string; lastName?: string; password?: string } = {},
) {
  const password = o.password ?? 'long enough';
  return {
    firstName: o.firstName ?? 'New',
    lastName: o.lastName ?? 'User',
    username,
    sfsu_email: `${username}@sfsu.edu`,
    password,
    confirmPassword: password,
  };
}

/** A listing made through the shared factories (fast: no image). */
export function listingOf(ctx: TestContext, vendor: Actor, o: Partial<ListingOptions> = {}) {
  return createListing(ctx.database.db, { vendor_id: vendor.user.user_id, ...o });
}

/** A message `from` one student `to` another about a listing, stored through the factories. */
export const wrote = (
  ctx: TestContext,
  from: Actor,
  to: Actor,
  listing_id: number,
  content: string,
) =>
  createMessage(ctx.database.db, {
    sender_id: from.user.user_id,
    receiver_id: to.user.user_id,
    listing_id,
    content,
  });

/** A review of the seller by `author`, stored through the factories. */
export const reviewed = (
  ctx: TestContext,
  author: Actor,
  seller: Actor,
  rating: number,
  comment: string,
) =>
  createReview(ctx.database.db, {
    author_id: author.user.user_id,
    vendor_id: seller.user.user_id,
    rating,
    comment,
  });

/** `blocker` has blocked `blocked` (stored as the API stores it). */
export const storeBlock = (ctx: TestContext, blocker: Actor, blocked: Actor) =>
  ctx.database.db
    .insertInto('blocks')
    .values({
      blocker_id: blocker.user.user_id,
      blocked_id: blocked.user.user_id,
      created_at: new Date().toISOString(),
    })
    .execute();

/**
 * A signed-in student who has asked the seller about one of their listings: someone who may
 * review the seller.
 */
export async function customerOf(
  ctx: TestContext,
  seller: Actor,
  overrides: Parameters<typeof signedInUser>[1] = {},
): Promise<Actor> {
  const customer = await signedInUser(ctx, overrides);
  const { listing_id } = await listingOf(ctx, seller);
  await wrote(ctx, customer, seller, listing_id, 'Is it still available?');
  return customer;
}

export const courier = (ctx: TestContext, username?: string) =>
  signedInUser(ctx, { is_courier: 1, ...(username && { username }) });

export interface Parties {
  vendor: Actor;
  buyer: Actor;
  stranger: Actor;
  listing_id: number;
}

/** A seller with one listing, a buyer and an unrelated user. */
export async function parties(ctx: TestContext): Promise<Parties> {
  const vendor = await signedInUser(ctx);
  const buyer = await signedInUser(ctx);
  const stranger = await signedInUser(ctx);
  const { listing_id } = await listingOf(ctx, vendor, { price: 20 });
  return { vendor, buyer, stranger, listing_id };
}

/** The buyer asks for delivery through the API. */
export async function requestDelivery(ctx: TestContext, p: Parties): Promise<DeliveryRequest> {
  const res = await as(ctx, p.buyer).post('/api/delivery_request', {
    buyer_id: p.buyer.user.user_id,
    vendor_id: p.vendor.user.user_id,
    listing_id: p.listing_id,
    status: 'Pending',
    dropoff: 'Library',
    buyer_special_request: 'Text me',
  });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The vendor accepts the request through the API: an Unassigned delivery. */
export async function acceptRequest(
  ctx: TestContext,
  p: Parties,
  requestId: number,
): Promise<DeliveryInstruction> {
  const res = await as(ctx, p.vendor).post(
    `/api/delivery_instruction/request/accept/${requestId}`,
    {
      pickup: 'Cafe 101',
      vendor_special_request: 'At the counter',
    },
  );
  if (res.statusCode !== 201) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Parties plus an Unassigned delivery of their listing. */
export async function unassignedDelivery(ctx: TestContext) {
  const p = await parties(ctx);
  const request = await requestDelivery(ctx, p);
  const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
  return { ...p, request, delivery };
}

/** A delivery asked for with a handover code, its code (read as the buyer reads it), and more. */
export async function codedDelivery(ctx: TestContext, carrier?: Actor) {
  const p = await parties(ctx);
  const asked = await as(ctx, p.buyer).post('/api/delivery_request', {
    buyer_id: p.buyer.user.user_id,
    vendor_id: p.vendor.user.user_id,
    listing_id: p.listing_id,
    dropoff: 'Library',
    require_handover_code: true,
  });
  if (asked.statusCode !== 201) throw new Error(`request failed: ${asked.body}`);
  const request: DeliveryRequest = asked.json();
  const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
  const mine = await as(ctx, p.buyer).get('/api/delivery_instruction');
  const code = (mine.json() as { delivery_id: number; handover_code?: string }[]).find(
    (d) => d.delivery_id === delivery.delivery_id,
  )?.handover_code;
  if (!code) throw new Error('the buyer sees no handover code');
  if (carrier) await moveAlong(ctx, carrier, delivery, ['Assigned', 'Picked Up']);
  return { ...p, request, delivery, code };
}

/** The courier claims (Assigned) and moves the delivery through `steps`, each a 200. */
export async function moveAlong(
  ctx: TestContext,
  courier: Actor,
  delivery: { delivery_id: number },
  steps: string[],
) {
  for (const delivery_status of steps) {
    const res = await as(ctx, courier).put(`/api/delivery_instruction/${delivery.delivery_id}`, {
      delivery_status,
    });
    if (res.statusCode !== 200)
      throw new Error(`${delivery_status}: ${res.statusCode} ${res.body}`);
  }
}

/**
 * Moves the account's e-mail verification back in time, as if `seconds` had passed: when its
 * code was sent and its window began, and (unless `expiry` is false) when the code expires.
 */
export async function ageVerification(
  ctx: TestContext,
  who: Actor,
  seconds: number,
  { expiry = true } = {},
) {
  const row = await ctx.database.db
    .selectFrom('email_verifications')
    .selectAll()
    .where('user_id', '=', who.user.user_id)
    .executeTakeFirstOrThrow();
  const back = (iso: string) => new Date(Date.parse(iso) - seconds * 1000).toISOString();
  await ctx.database.db
    .updateTable('email_verifications')
    .set({
      sent_at: back(row.sent_at),
      window_start: back(row.window_start),
      ...(expiry && { expires_at: back(row.expires_at) }),
    })
    .where('user_id', '=', who.user.user_id)
    .execute();
}

/** A code that is not `code`. */
export const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

/** A live password reset link of the user's, as if read from the mail: its token. */
export async function resetTokenFor(ctx: TestContext, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertReset(ctx.database.db, {
    token_hash: hashToken(token),
    user_id: userId,
    lifetimeMs: PASSWORD_RESET_MINUTES * 60 * 1000,
  });
  return token;
}

/**
 * An account with only the columns users had before the sign-in guard's keys, for tests that
 * step the migrator back (today's factory writes the later columns too).
 */
export async function oldUser(db: Db, username: string, is_courier = 0) {
  return db
    .insertInto('users')
    .values({
      username,
      sfsu_email: `${username}@sfsu.edu`,
      first_name: 'Old',
      last_name: 'Account',
      password_hash: 'scrypt$x',
      is_courier,
      created_at: new Date().toISOString(),
    } as never)
    .returning('user_id')
    .executeTakeFirstOrThrow();
}

/**
 * A delivery request and a delivery with only the columns they had before orders kept what was
 * agreed (2026-12-12), for tests that step the migrator back (today's repository writes the
 * agreed title, price and picture too).
 */
export async function oldRequest(db: Db, values: Record<string, unknown>) {
  const { delivery_request_id } = await db
    .insertInto('delivery_requests')
    .values({ created_at: new Date().toISOString(), ...values } as never)
    .returning('delivery_request_id')
    .executeTakeFirstOrThrow();
  return delivery_request_id;
}

export async function oldDelivery(db: Db, values: Record<string, unknown>) {
  const now = new Date().toISOString();
  const { delivery_id } = await db
    .insertInto('delivery_instructions')
    .values({ timestamp: now, updated_at: now, ...values } as never)
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  return delivery_id;
}
