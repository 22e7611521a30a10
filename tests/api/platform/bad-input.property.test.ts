/**
 * Property-based bad input (fast-check): for every endpoint with a body or a query, a valid
 * request with one field made wrong (wrong type, huge, blank, negative, unknown value, someone
 * else's id), an extra field, or a body that is not an object at all, is answered with a 4xx,
 * never a 5xx, and leaves every table exactly as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, DATE_POSTED, LIMITS, PRICE_SORTS } from '#shared/constants.js';
import { defaultErrorCode } from '#shared/errors.js';
import { PROOF_LIMITS, RETURN_REASONS } from '#shared/handover.js';
import { parseIdempotencyKey } from '#shared/idempotency.js';
import { MODERATION_LIMITS, REPORT_REASONS, REPORT_TARGETS } from '#shared/moderation.js';
import { pickupLocations } from '#shared/locations.js';
import { HOLD_ACTIONS, MEETING_ACTIONS, OFFER_ACTIONS } from '#shared/sales.js';
import { errorBody } from '#shared/schemas/errors.js';
import { DECIMAL_TEXT } from '#shared/schemas/common.js';
import { writeSmallArchive } from '../../fixtures/map-tiles.js';
import { createTestApp, snapshot, type TestContext } from '../harness.js';
import {
  buildWorld,
  PUSH_TEST_ORIGIN,
  TINY_PNG_BASE64,
  VALID,
  type Role,
  type World,
} from '../world.js';

type Kind =
  | 'userId'
  | 'id'
  | 'price'
  | 'percent'
  | { text: number }
  | { optText: number }
  | { oneOf: readonly string[] }
  | 'flag'
  | 'rating'
  | 'image'
  | 'photos'
  | 'editPhotos'
  | 'datetime'
  | 'lat'
  | 'lng'
  | 'clientId'
  | 'object';

const junk = fc.oneof(fc.constant(null), fc.constant({}), fc.constant([]), fc.boolean());
/** Text that is not a canonical decimal: numbers arrive as numbers or as canonical text only. */
const notDecimalText = fc.oneof(
  fc.constantFrom(' 7', '1e3', '0x10', '42.5abc', '', 'NaN', 'Infinity', '007', '+5', '.5', '5.'),
  fc.string({ maxLength: 5 }).filter((s) => !DECIMAL_TEXT.test(s)),
);
const wrongNumber = fc.oneof(junk, notDecimalText);

/** Half of a UTF-16 pair, alone: no database column holds it as text. */
const loneSurrogate = fc.constantFrom('\ud800', 'Lamp \udfff', '\udc00\ud800', 'ok\ud83d');

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

function badValue(kind: Kind, w: World, self: Role): fc.Arbitrary<unknown> {
  if (kind === 'userId') {
    const others = (['buyer', 'vendor', 'courier', 'stranger'] as const)
      .filter((r) => r !== self)
      .map((r) => w.idOf(r));
    return fc.oneof(
      wrongNumber,
      fc.integer({ max: 0 }),
      fc.constant(1.5),
      fc.constant(2 ** 40),
      fc.constantFrom(...others),
    );
  }
  if (kind === 'id')
    return fc.oneof(wrongNumber, fc.integer({ max: 0 }), fc.constant(2.5), fc.constant(2 ** 40));
  if (kind === 'percent')
    return fc.oneof(wrongNumber, fc.double({ max: -0.01, noNaN: true }), fc.constant(1e12));
  if (kind === 'price')
    return fc.oneof(
      wrongNumber,
      fc.double({ max: -0.01, noNaN: true }),
      fc.constant(1e12),
      // Not whole cents: refused, never rounded (0.004 would have become $0.00).
      fc.constantFrom(0.004, 10.005, '12.345', 19.991),
      fc.integer({ min: 1, max: 9 }).map((tenths) => 3 + tenths / 1000),
    );
  if (kind === 'flag')
    return fc.oneof(
      fc.constant(2),
      fc.constant(-1),
      fc.constant('2'),
      fc.constant(' 1'),
      fc.constant(null),
      fc.constant('yes'),
    );
  if (kind === 'rating')
    return fc.oneof(
      fc.constant(0),
      fc.constant(6),
      fc.constant(3.5),
      fc.constant('6'),
      fc.constant('4 stars'),
      junk,
    );
  if (kind === 'image') {
    return fc.oneof(
      fc.constant('not base64 !!'),
      fc.constant(''),
      fc.constant(Buffer.from('<html>hi</html>').toString('base64')),
      junk,
      fc.integer(),
    );
  }
  if (kind === 'object') {
    return fc.oneof(junk, fc.string({ maxLength: 8 }), fc.integer(), fc.constant({ push: 'on' }));
  }
  if (kind === 'photos' || kind === 'editPhotos') {
    const picture = { thumbnail: TINY_PNG_BASE64, mimetype: 'image/png' };
    return fc.oneof(
      // One more than a listing may have, the cover included.
      fc.constant(Array(kind === 'photos' ? LIMITS.photos : LIMITS.photos + 1).fill(picture)),
      fc.constant([{ thumbnail: 'not base64 !!', mimetype: 'image/png' }]),
      fc.constant([{ thumbnail: TINY_PNG_BASE64, mimetype: 'image/tiff' }]),
      fc.constant([{ thumbnail: TINY_PNG_BASE64 }]),
      fc.constant([{ url: '/uploads/not-one-of-its.webp' }]),
      fc.constant([{ ...picture, url: '/uploads/x.webp' }]),
      fc.constant([{}]),
      fc.constant([null]),
      ...(kind === 'editPhotos' ? [fc.constant([])] : []),
      // No extra photos (an empty list) is a valid new listing; taking the cover away is not.
      junk.filter((v) => v !== null && (kind === 'editPhotos' || !isEmptyList(v))),
      fc.string({ maxLength: 10 }),
    );
  }
  if (kind === 'datetime')
    return fc.oneof(fc.constant('yesterday'), fc.integer(), fc.constant(''), junk);
  if (kind === 'clientId')
    return fc.oneof(
      fc.constantFrom('', 'x'.repeat(65), 'has space', 'dot.ted', '{id}', 'é'),
      fc.integer(),
      junk,
    );
  if (kind === 'lat')
    return fc.oneof(
      fc.double({ min: 90.001, max: 1e6, noNaN: true }),
      fc.constant('91'),
      notDecimalText,
      junk,
    );
  if (kind === 'lng')
    return fc.oneof(
      fc.double({ min: -1e6, max: -180.001, noNaN: true }),
      fc.constant('-181'),
      notDecimalText,
      junk,
    );
  if ('text' in kind) {
    return fc.oneof(
      fc.constant(''),
      fc.constantFrom(' ', '\t\n ', '\u00a0'.trim() || ' '),
      fc.constant('é'.repeat(kind.text + 1)),
      loneSurrogate,
      fc.integer(),
      junk,
    );
  }
  if ('optText' in kind)
    return fc.oneof(
      fc.constant('ü'.repeat(kind.optText + 1)),
      loneSurrogate,
      fc.integer(),
      fc.constant({}),
      fc.constant([]),
    );
  return fc.oneof(
    // Choices match without regard to case or surrounding spaces: "food" is Food.
    fc
      .string({ maxLength: 30 })
      .filter((s) => !kind.oneOf.some((v) => v.toLowerCase() === s.trim().toLowerCase())),
    fc.integer(),
    junk,
  );
}

interface BodyCase {
  name: string;
  as: Role;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World) => string;
  body: (w: World) => Record<string, unknown>;
  fields: Record<string, Kind>;
  /** Fields that may be left out. */
  optional?: string[];
}

const CASES: BodyCase[] = [
  {
    name: 'register',
    as: 'visitor',
    ...VALID.register,
    fields: {
      firstName: { text: LIMITS.name },
      lastName: { text: LIMITS.name },
      username: { text: LIMITS.username },
      sfsu_email: { text: LIMITS.email },
      password: { text: LIMITS.passwordMax },
    },
  },
  {
    name: 'login',
    as: 'visitor',
    method: 'POST',
    url: () => '/api/login',
    body: (w) => ({ email: w.users.buyer.sfsu_email, password: 'campus-demo-1' }),
    fields: { email: { text: LIMITS.email }, password: { text: LIMITS.passwordMax } },
  },
  {
    name: 'verify e-mail',
    as: 'buyer',
    ...VALID.verifyEmail,
    fields: { code: { text: 6 } },
  },
  {
    name: 'ask for a reset link',
    as: 'visitor',
    ...VALID.passwordReset,
    fields: { email: { text: LIMITS.email } },
  },
  {
    name: 'reset the password',
    as: 'visitor',
    ...VALID.passwordResetConfirm,
    fields: {
      token: { text: 128 },
      password: { text: LIMITS.passwordMax },
      confirmPassword: { text: LIMITS.passwordMax },
    },
  },
  {
    name: 'change the password',
    as: 'buyer',
    ...VALID.changePassword,
    fields: {
      currentPassword: { text: LIMITS.passwordMax },
      password: { text: LIMITS.passwordMax },
      confirmPassword: { text: LIMITS.passwordMax },
    },
  },
  {
    // The stranger has no delivery under way: the one right password would delete them.
    name: 'delete account',
    as: 'stranger',
    ...VALID.deleteAccount,
    fields: { password: { text: LIMITS.passwordMax } },
  },
  {
    name: 'update user',
    as: 'buyer',
    ...VALID.becomeCourier,
    fields: { is_courier: 'flag' },
  },
  {
    name: 'create listing',
    as: 'vendor',
    ...VALID.createListing,
    fields: {
      thumbnail: 'image',
      mimetype: { oneOf: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] },
      title: { text: LIMITS.title },
      price: 'price',
      description: { text: LIMITS.description },
      category: { oneOf: CATEGORIES },
      conditions: { oneOf: CONDITIONS },
      vendor_id: 'userId',
      photos: 'photos',
    },
    optional: ['photos'],
  },
  {
    name: 'edit listing',
    as: 'vendor',
    ...VALID.editListing,
    optional: ['title', 'price', 'description', 'category', 'conditions', 'discount', 'photos'],
    fields: {
      title: { text: LIMITS.title },
      price: 'price',
      description: { text: LIMITS.description },
      category: { oneOf: CATEGORIES },
      conditions: { oneOf: CONDITIONS },
      discount: 'percent',
      photos: 'editPhotos',
    },
  },
  {
    name: 'save a search',
    as: 'buyer',
    ...VALID.saveSearch,
    optional: ['title', 'category', 'condition', 'priceSort', 'datePosted', 'minDiscount'],
    fields: {
      title: { optText: LIMITS.searchWord },
      category: { oneOf: CATEGORIES },
      condition: { oneOf: CONDITIONS },
      priceSort: { oneOf: PRICE_SORTS },
      datePosted: { oneOf: DATE_POSTED },
      minDiscount: 'rating',
    },
  },
  {
    name: 'relist',
    as: 'vendor',
    ...VALID.relist,
    fields: {
      product_id: 'id',
      price: 'price',
      conditions: { oneOf: CONDITIONS },
      vendor_id: 'userId',
    },
  },
  {
    name: 'update listing',
    as: 'vendor',
    ...VALID.markSold,
    optional: ['availability', 'listing_status'],
    fields: {
      availability: { oneOf: ['In Stock', 'Out of Stock'] },
      listing_status: { oneOf: ['Active', 'Sold'] },
    },
  },
  {
    name: 'make an offer',
    as: 'buyer',
    ...VALID.makeOffer,
    optional: ['note'],
    fields: { listing_id: 'id', amount: 'price', note: { optText: LIMITS.specialRequest } },
  },
  {
    name: 'answer an offer',
    as: 'vendor',
    ...VALID.counterOffer,
    fields: { action: { oneOf: OFFER_ACTIONS }, amount: 'price' },
  },
  {
    name: 'hold for a buyer',
    as: 'vendor',
    ...VALID.holdForBuyer,
    fields: { listing_id: 'id', buyer_id: 'id' },
  },
  {
    name: 'change a hold',
    as: 'vendor',
    ...VALID.extendHold,
    fields: { action: { oneOf: HOLD_ACTIONS } },
  },
  {
    name: 'propose a meeting',
    as: 'buyer',
    ...VALID.proposeMeeting,
    fields: { hold_id: 'id', location: { oneOf: pickupLocations() }, at: 'datetime' },
  },
  {
    name: 'change a meeting',
    as: 'vendor',
    ...VALID.changeMeeting,
    // A spot alone or a time alone is a good change; a code goes with complete only.
    optional: ['location', 'at', 'code'],
    fields: {
      action: { oneOf: MEETING_ACTIONS },
      location: { oneOf: pickupLocations() },
      at: 'datetime',
      code: { text: 4 },
    },
  },
  {
    name: 'send message',
    as: 'buyer',
    ...VALID.sendMessage,
    optional: ['client_id'],
    fields: {
      sender_id: 'userId',
      receiver_id: 'id',
      listing_id: 'id',
      content: { text: LIMITS.message },
      client_id: 'clientId',
    },
  },
  {
    name: 'review',
    as: 'buyer',
    ...VALID.review,
    optional: ['comment'],
    fields: {
      author_id: 'userId',
      vendor_id: 'id',
      rating: 'rating',
      comment: { optText: LIMITS.comment },
    },
  },
  {
    name: 'delivery request',
    as: 'buyer',
    ...VALID.requestDelivery,
    optional: ['buyer_special_request'],
    fields: {
      buyer_id: 'userId',
      vendor_id: 'id',
      listing_id: 'id',
      dropoff: { oneOf: ['Library'] },
      buyer_special_request: { optText: LIMITS.specialRequest },
    },
  },
  {
    name: 'decline request',
    as: 'vendor',
    ...VALID.declineRequest,
    fields: { status: { oneOf: ['Denied'] } },
  },
  {
    name: 'accept request',
    as: 'vendor',
    ...VALID.acceptRequest,
    optional: ['vendor_special_request'],
    fields: {
      pickup: { oneOf: ['Library'] },
      vendor_special_request: { optText: LIMITS.specialRequest },
    },
  },
  {
    name: 'move delivery',
    as: 'assignedCourier',
    ...VALID.pickUp,
    optional: ['device_time'],
    fields: { delivery_status: { oneOf: ['Picked Up', 'Assigned'] }, device_time: 'datetime' },
  },
  {
    name: 'cancel request',
    as: 'buyer',
    ...VALID.cancelRequest,
    optional: ['reason'],
    fields: { status: { oneOf: ['Cancelled'] }, reason: { optText: PROOF_LIMITS.reason } },
  },
  {
    name: 'cancel delivery',
    as: 'buyer',
    ...VALID.cancelDelivery,
    optional: ['reason'],
    fields: { delivery_status: { oneOf: ['Cancelled'] }, reason: { optText: PROOF_LIMITS.reason } },
  },
  {
    name: 'drop-off with code and photo',
    as: 'assignedCourier',
    ...VALID.dropOff,
    // Without its photo the body is a good one; without its code it is a 422.
    optional: ['proof_photo'],
    fields: {
      delivery_status: { oneOf: ['Delivered'] },
      handover_code: { text: 4 },
      proof_photo: 'image',
    },
  },
  {
    name: 'return the item',
    as: 'assignedCourier',
    ...VALID.returnItem,
    optional: ['note'],
    fields: {
      delivery_status: { oneOf: ['Returned'] },
      reason: { oneOf: RETURN_REASONS },
      note: { optText: PROOF_LIMITS.reason },
    },
  },
  {
    name: 'rate the courier',
    as: 'buyer',
    ...VALID.rateCourier,
    optional: ['comment'],
    fields: { rating: 'rating', comment: { optText: PROOF_LIMITS.ratingComment } },
  },
  {
    name: 'report',
    as: 'buyer',
    ...VALID.report,
    optional: ['note'],
    fields: {
      target_type: { oneOf: REPORT_TARGETS },
      target_id: 'id',
      reason: { oneOf: REPORT_REASONS },
      note: { optText: MODERATION_LIMITS.reportNote },
    },
  },
  { name: 'block', as: 'buyer', ...VALID.block, fields: { user_id: 'id' } },
  {
    name: 'hide listing',
    as: 'moderator',
    ...VALID.hideListing,
    fields: { hidden: 'flag', reason: { optText: MODERATION_LIMITS.reason } },
  },
  {
    name: 'suspend user',
    as: 'moderator',
    ...VALID.suspendUser,
    fields: { suspended: 'flag', reason: { optText: MODERATION_LIMITS.reason } },
  },
  {
    name: 'dismiss report',
    as: 'moderator',
    ...VALID.dismissReport,
    optional: ['reason'],
    fields: {
      status: { oneOf: ['dismissed'] },
      reason: { optText: MODERATION_LIMITS.reason },
    },
  },
  {
    name: 'mark notifications read',
    as: 'buyer',
    ...VALID.readNotifications,
    fields: { all: 'flag' },
  },
  {
    name: 'notification preferences',
    as: 'buyer',
    ...VALID.notificationPreferences,
    fields: { message: 'object' },
  },
  {
    name: 'push subscription',
    as: 'buyer',
    ...VALID.subscribePush,
    optional: ['expirationTime'],
    fields: { endpoint: { oneOf: [PUSH_TEST_ORIGIN] }, keys: 'object' },
  },
  {
    name: 'position',
    as: 'assignedCourier',
    ...VALID.sharePosition,
    fields: { lat: 'lat', lng: 'lng' },
  },
];

interface QueryCase {
  url: string;
  valid: Record<string, string>;
  bad: Record<string, string[]>;
}

const SEARCH_BAD = {
  limit: ['0', '-1', 'abc', '100000', '1.5', ' 5', '1e1', '05'],
  offset: ['-5', 'x', '99999999999'],
  condition: ['Broken', ''],
  priceSort: ['random'],
  datePosted: ['1y'],
  minDiscount: ['15', 'lots', '1e1', '010'],
  minRating: ['9', '0'],
  unknownParam: ['1'],
};
const QUERY_CASES: QueryCase[] = [
  { url: '/api/all', valid: {}, bad: SEARCH_BAD },
  {
    url: '/api/category',
    valid: { category: 'Books' },
    bad: { ...SEARCH_BAD, category: ['Toys', 'book', ''] },
  },
  {
    url: '/api/title',
    valid: { title: 'lamp' },
    bad: { ...SEARCH_BAD, title: ['x'.repeat(LIMITS.searchWord + 1)] },
  },
  {
    url: '/api/combined',
    valid: { category: 'Books', title: 'x' },
    bad: { ...SEARCH_BAD, category: ['Toys'] },
  },
  {
    url: '/api/search',
    valid: { title: 'a' },
    bad: { ...SEARCH_BAD, category: ['Nope'], title: ['y'.repeat(LIMITS.searchWord + 1)] },
  },
  { url: '/api/listing/featured', valid: {}, bad: { limit: ['0', '1000', 'many'], other: ['1'] } },
  {
    url: '/api/direct_message/listing-sender/get',
    valid: { id: '1', listing: '1' },
    bad: { id: ['x', '-1', '0'], listing: ['x', ''] },
  },
  {
    url: '/api/notifications',
    valid: {},
    bad: {
      cursor: ['x', '0', '-1', '1.5', '1e3'],
      limit: ['0', '51', 'x', '05'],
      kind: ['message'],
    },
  },
  {
    url: '/api/notifications/unsubscribe',
    valid: { token: '1.message.x' },
    bad: { token: ['', 'x'.repeat(301)], other: ['1'] },
  },
  {
    url: '/api/offers',
    valid: { listing_id: '1' },
    bad: { listing_id: ['x', '0', '-1', '1.5'], other: ['1'] },
  },
  {
    url: '/api/offers/conversation',
    valid: { listing_id: '1', other_user_id: '1' },
    bad: { listing_id: ['x'], other_user_id: ['', 'y', '0'] },
  },
  {
    url: '/api/holds',
    valid: { listing_id: '1' },
    bad: { listing_id: ['abc', '1e3'], other: ['1'] },
  },
  {
    url: '/api/meetings',
    valid: {},
    bad: { listing_id: ['x', '0', '-1', '1.5', ''], other: ['1'] },
  },
  {
    url: '/api/delivery_request/listing-buyer',
    valid: { userId: '1', listingId: '1' },
    bad: { userId: ['abc', '-2'], listingId: ['1e400', 'z'] },
  },
];

let ctx: TestContext;
let world: World;
const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bad-input-'));
/** The campus archive's tile address template, /tiles/<version>/{z}/{x}/{y}.png. */
let tileTemplate = '';

beforeAll(async () => {
  const archive = await writeSmallArchive(archiveDir);
  ctx = await createTestApp({
    env: { MAP_TILES: archive.file, PUSH_SERVICE_ORIGINS: PUSH_TEST_ORIGIN },
  });
  tileTemplate = (await ctx.app.inject({ url: '/api/config' })).json<{ tileUrl: string }>().tileUrl;
  world = await buildWorld(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(archiveDir, { recursive: true, force: true });
});

async function send(method: string, url: string, role: Role, payload: string) {
  const cookie = world.cookies[role];
  return ctx.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

describe.each(CASES)('bad bodies: $name', (c) => {
  it('answers every broken body with a 4xx and changes nothing', async () => {
    const fieldNames = Object.keys(c.fields);
    const required = fieldNames.filter((f) => !c.optional?.includes(f));
    const broken = fc.oneof(
      // one field made wrong
      fc.constantFrom(...fieldNames).chain((field) =>
        badValue(c.fields[field]!, world, c.as).map((value) => ({
          ...c.body(world),
          [field]: value,
        })),
      ),
      // a required field missing
      ...(required.length > 0
        ? [
            fc.constantFrom(...required).map((field) => {
              const body = c.body(world);
              delete body[field];
              return body;
            }),
          ]
        : []),
      // an extra field
      fc
        .tuple(
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter((k) => !(k in c.body(world)) && k !== '__proto__'),
          fc.jsonValue(),
        )
        .map(([k, v]) => ({ ...c.body(world), [k]: v })),
    );
    const before = await snapshot(ctx);
    await fc.assert(
      fc.asyncProperty(broken, async (body) => {
        const res = await send(c.method, c.url(world), c.as, JSON.stringify(body));
        expect(
          res.statusCode,
          `${JSON.stringify(body).slice(0, 200)} -> ${res.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        // A readable message and the code of its kind (a 403 for someone else's id; a 400 is
        // a broken rule, or a body the JSON parser refuses, such as a "__proto__" key; a 429
        // after five wrong current passwords is the sign-in guard's too_many_attempts).
        const kinds =
          res.statusCode === 400
            ? ['validation', 'malformed']
            : res.statusCode === 429
              ? ['rate_limited', 'too_many_attempts']
              : [defaultErrorCode(res.statusCode)];
        expect(kinds).toContain(errorBody.parse(res.json()).code);
      }),
      { numRuns: 40 },
    );
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers a body that is not a JSON object with 400', async () => {
    const notObject = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.constant('null'),
      fc.constant('{"unterminated":'),
    );
    await fc.assert(
      fc.asyncProperty(notObject, async (value) => {
        const raw =
          typeof value === 'string' && (value === 'null' || value.startsWith('{'))
            ? value
            : JSON.stringify(value);
        const res = await send(c.method, c.url(world), c.as, raw);
        expect(res.statusCode, `${raw.slice(0, 80)} -> ${res.body}`).toBe(400);
        expect(['validation', 'malformed']).toContain(errorBody.parse(res.json()).code);
      }),
      { numRuns: 15 },
    );
  });
});

describe.each(QUERY_CASES)('bad query strings: $url', (q) => {
  it('answers each wrong parameter with 400', async () => {
    const pairs = Object.entries(q.bad).flatMap(([key, values]) =>
      values.map((v) => [key, v] as const),
    );
    const cookie = world.cookies.buyer;
    for (const [key, value] of pairs) {
      const params = new URLSearchParams({ ...q.valid, [key]: value });
      const res = await ctx.app.inject({ url: `${q.url}?${params}`, headers: { cookie: cookie! } });
      expect(res.statusCode, `${key}=${value.slice(0, 20)} -> ${res.body}`).toBe(400);
      expect(errorBody.parse(res.json()).code).toBe('validation');
    }
  });
});

/** The creates that take an Idempotency-Key (docs/decisions/021-lie-fi-and-idempotency-keys.md). */
const KEYED = new Set([
  'create listing',
  'make an offer',
  'answer an offer',
  'hold for a buyer',
  'change a hold',
  'propose a meeting',
  'change a meeting',
  'relist',
  'send message',
  'review',
  'report',
  'delivery request',
  'accept request',
  'move delivery',
  'cancel delivery',
  'drop-off with code and photo',
  'return the item',
  'rate the courier',
]);

it('names only cases that exist', () => {
  expect([...KEYED].filter((name) => !CASES.some((c) => c.name === name))).toEqual([]);
});

describe.each(CASES.filter((c) => KEYED.has(c.name)))('bad Idempotency-Key: $name', (c) => {
  // A valid body (a listing's carries its picture) is parsed and checked 30 times before the
  // key is read: on a loaded machine that takes longer than the default 20 s.
  it(
    'answers a valid body with a malformed key 400 and changes nothing',
    { timeout: 60_000 },
    async () => {
      // Anything a header may carry that is not 1-255 visible ASCII characters, quoted or not.
      const malformed = fc.oneof(
        fc.constantFrom('', '""', ' ', 'a b', 'tab\there', 'naïve', 'x'.repeat(256)),
        fc
          .string({ unit: 'binary', maxLength: 300 })
          .filter((v) => !/[\r\n\0]/.test(v) && parseIdempotencyKey(v) === null),
      );
      const before = await snapshot(ctx);
      await fc.assert(
        fc.asyncProperty(malformed, async (key) => {
          const cookie = world.cookies[c.as];
          const res = await ctx.app.inject({
            method: c.method,
            url: c.url(world),
            payload: JSON.stringify(c.body(world)),
            headers: {
              'content-type': 'application/json',
              'idempotency-key': key,
              ...(cookie ? { cookie } : {}),
            },
          });
          expect(res.statusCode, `${JSON.stringify(key).slice(0, 60)} -> ${res.body}`).toBe(400);
          expect(errorBody.parse(res.json()).code).toBe('validation');
        }),
        { numRuns: 30 },
      );
      expect(await snapshot(ctx)).toEqual(before);
    },
  );
});

describe('bad map tile addresses', () => {
  it('answers any zoom, column, row, format or version that is no tile with a 4xx, never a 5xx', async () => {
    const version = tileTemplate.split('/')[2]!;
    const number = fc.oneof(
      fc.integer({ min: -5, max: 2 ** 23 }).map(String),
      fc.constantFrom('', '00', '01', '1e3', '0x1', '1.0', ' 1', '99999999999999999999', 'NaN'),
      fc.string({ maxLength: 8 }),
    );
    const segment = (arb: fc.Arbitrary<string>) => arb.map((s) => encodeURIComponent(s));
    const address = fc.record({
      version: fc.oneof(fc.constant(version), segment(fc.string({ maxLength: 20 }))),
      z: segment(number),
      x: segment(number),
      y: segment(number),
      ext: fc.constantFrom('png', 'PNG', 'jpg', 'webp', '', 'png.png', '%00'),
    });
    const before = await snapshot(ctx);
    await fc.assert(
      fc.asyncProperty(address, async (a) => {
        const url = `/tiles/${a.version}/${a.z}/${a.x}/${a.y}${a.ext ? `.${a.ext}` : ''}`;
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, `${url} -> ${res.body.slice(0, 100)}`).toBeLessThan(500);
        if (res.statusCode >= 400 && res.statusCode !== 404) {
          expect(typeof res.json().message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    expect(await snapshot(ctx)).toEqual(before);
  });
});
