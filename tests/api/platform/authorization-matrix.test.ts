/**
 * The authorization matrix: every API endpoint x every role -> the expected status, and for
 * reads, that the answer holds none of another user's private data. Rows are matched against
 * the app's own route list, so a new endpoint without a row fails this suite.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileUrl } from '#shared/campus-area.js';
import { defaultErrorCode } from '#shared/errors.js';
import { errorBody } from '#shared/schemas/errors.js';
import { writeSmallArchive } from '../../fixtures/map-tiles.js';
import { createTestApp, type TestContext } from '../harness.js';
import { unsubscribeToken } from '#server/notifications/unsubscribe-token.js';
import {
  buildWorld,
  PUSH_TEST_ORIGIN,
  pushSubscription,
  ROLES,
  SECRETS,
  VALID,
  type Role,
  type World,
} from '../world.js';

type Expect = Record<Role, number>;
const all = (status: number): Expect => Object.fromEntries(ROLES.map((r) => [r, status])) as Expect;
const signedIn = (status: number): Expect => ({ ...all(status), visitor: 401 });
/** `roles` get `status`; other signed-in users 403; visitors 401. */
const only = (roles: Role[], status: number): Expect => ({
  ...all(403),
  visitor: 401,
  ...Object.fromEntries(roles.map((r) => [r, status])),
});

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  url: (w: World, role: Role) => string;
  body?: (w: World, role: Role) => unknown;
  expect: Expect;
  /** Server-sent events: only the status is checked, over a real connection. */
  stream?: boolean;
}

const d = (w: World) => w.assignedDelivery;
/** A tile of the campus archive the app serves here (MAP_TILES), set once it has started. */
let tileAddress = '';
/** Signs unsubscribe links as the app does, set once it has started. */
let unsubscribeSecret = '';
/** The vendor's one-click link for delivery request mails, as read from a mail. */
const unsubscribeUrl = (w: World) =>
  `/api/notifications/unsubscribe?token=${unsubscribeToken(unsubscribeSecret, w.users.vendor.user_id, 'delivery_request')}`;

const ROWS: Row[] = [
  { method: 'GET', route: '/api/health', url: () => '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/config', url: () => '/api/config', expect: all(200) },
  // Not under /api/, but an endpoint all the same: the map is public, like the listings.
  {
    method: 'GET',
    route: '/tiles/:version/:z/:x/:file',
    url: () => tileAddress,
    expect: all(200),
  },
  { ...VALID.register, route: '/api/register', expect: all(201) },
  {
    method: 'POST',
    route: '/api/login',
    url: () => '/api/login',
    body: (w, role) => ({
      email: w.users[role === 'visitor' ? 'buyer' : role].sfsu_email,
      password: 'campus-demo-1',
    }),
    expect: all(200),
  },
  { method: 'POST', route: '/api/logout', url: () => '/api/logout', expect: all(200) },
  // Every role here is verified: a code changes nothing and a new one is not needed.
  { ...VALID.verifyEmail, route: '/api/verify-email', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/verify-email/resend',
    url: () => '/api/verify-email/resend',
    expect: signedIn(409),
  },
  { ...VALID.passwordReset, route: '/api/password-reset', expect: all(202) },
  // Whoever holds the mailed link may use it: the link is the proof.
  { ...VALID.passwordResetConfirm, route: '/api/password-reset/confirm', expect: all(200) },
  { ...VALID.changePassword, route: '/api/password', expect: signedIn(200) },
  { method: 'GET', route: '/api/me', url: () => '/api/me', expect: signedIn(200) },
  // Their own data, and only theirs: the leak check below reads every download.
  { method: 'GET', route: '/api/me/export', url: () => '/api/me/export', expect: signedIn(200) },
  // The buyer, the vendor and the assigned courier each have a delivery under way.
  {
    ...VALID.deleteAccount,
    route: '/api/me',
    expect: { ...signedIn(200), buyer: 409, vendor: 409, assignedCourier: 409 },
  },
  {
    method: 'GET',
    route: '/api/events',
    url: () => '/api/events',
    expect: signedIn(200),
    stream: true,
  },
  {
    method: 'GET',
    route: '/api/user/:id',
    url: (w) => `/api/user/${w.users.vendor.user_id}`,
    expect: all(200),
  },
  { ...VALID.becomeCourier, route: '/api/user/:id', expect: only(['buyer'], 200) },
  { method: 'GET', route: '/api/all', url: () => '/api/all', expect: all(200) },
  {
    method: 'GET',
    route: '/api/category',
    url: () => '/api/category?category=Furniture',
    expect: all(200),
  },
  { method: 'GET', route: '/api/title', url: () => '/api/title?title=lamp', expect: all(200) },
  {
    method: 'GET',
    route: '/api/combined',
    url: () => '/api/combined?category=Furniture&title=lamp',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/search',
    url: () => '/api/search?title=lamp&limit=5',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/listing/featured',
    url: () => '/api/listing/featured',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/listing/:id',
    url: (w) => `/api/listing/${w.listing.listing_id}`,
    expect: all(200),
  },
  { ...VALID.createListing, route: '/api/listing', expect: only(['vendor'], 201) },
  { ...VALID.relist, route: '/api/listing/existing', expect: only(['vendor'], 201) },
  {
    method: 'GET',
    route: '/api/product/vendor/:user_id',
    url: (w) => `/api/product/vendor/${w.users.vendor.user_id}`,
    expect: only(['vendor'], 200),
  },
  {
    method: 'GET',
    route: '/api/listing/vendor/sold/:user_id',
    url: (w) => `/api/listing/vendor/sold/${w.users.vendor.user_id}`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/listing/active/:user_id',
    url: (w) => `/api/listing/active/${w.users.vendor.user_id}`,
    expect: all(200),
  },
  { ...VALID.markSold, route: '/api/listing/:id', expect: only(['vendor'], 200) },
  // Anyone signed in may make an offer but the seller (403: their own item).
  { ...VALID.makeOffer, route: '/api/offers', expect: { ...signedIn(201), vendor: 403 } },
  // Everyone signed in reads a listing's offers: its seller all, anyone else their own.
  {
    method: 'GET',
    route: '/api/offers',
    url: (w) => `/api/offers?listing_id=${w.listing.listing_id}`,
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/offers/conversation',
    url: (w) =>
      `/api/offers/conversation?listing_id=${w.listing.listing_id}&other_user_id=${w.users.vendor.user_id}`,
    expect: signedIn(200),
  },
  // The seller counters; the buyer is a party but a Pending offer is not theirs to counter.
  {
    ...VALID.counterOffer,
    route: '/api/offers/:id',
    expect: { ...only(['vendor'], 200), buyer: 409 },
  },
  { ...VALID.holdForBuyer, route: '/api/holds', expect: only(['vendor'], 201) },
  {
    method: 'GET',
    route: '/api/holds',
    url: (w) => `/api/holds?listing_id=${w.heldListing.listing_id}`,
    expect: signedIn(200),
  },
  { ...VALID.extendHold, route: '/api/holds/:id', expect: only(['vendor'], 200) },
  // Either side of an Active hold arranges a meeting; anyone else is refused.
  { ...VALID.proposeMeeting, route: '/api/meetings', expect: only(['buyer', 'vendor'], 201) },
  // Everyone signed in reads their own meetings (the buyer's carry the code).
  { method: 'GET', route: '/api/meetings', url: () => '/api/meetings', expect: signedIn(200) },
  { ...VALID.changeMeeting, route: '/api/meetings/:id', expect: only(['buyer', 'vendor'], 200) },
  { method: 'GET', route: '/api/sales', url: () => '/api/sales', expect: signedIn(200) },
  { method: 'GET', route: '/api/purchases', url: () => '/api/purchases', expect: signedIn(200) },
  { ...VALID.editListing, route: '/api/listing/:id', expect: only(['vendor'], 200) },
  { method: 'GET', route: '/api/favorites', url: () => '/api/favorites', expect: signedIn(200) },
  // Anyone signed in may keep the listing but its seller (400: their own).
  {
    method: 'PUT',
    route: '/api/favorites/:listingId',
    url: (w) => `/api/favorites/${w.listing.listing_id}`,
    expect: { ...signedIn(200), vendor: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/favorites/:listingId',
    url: (w) => `/api/favorites/${w.listing.listing_id}`,
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/saved-searches',
    url: () => '/api/saved-searches',
    expect: signedIn(200),
  },
  { ...VALID.saveSearch, route: '/api/saved-searches', expect: signedIn(201) },
  {
    method: 'DELETE',
    route: '/api/saved-searches/:id',
    url: (w) => `/api/saved-searches/${w.savedSearchId}`,
    expect: only(['buyer'], 200),
  },
  {
    method: 'DELETE',
    route: '/api/listing/:id',
    url: (w) => `/api/listing/${w.freshListing.listing_id}`,
    expect: only(['vendor'], 200),
  },
  {
    method: 'GET',
    route: '/api/direct_message',
    url: () => '/api/direct_message',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/direct_message/:id',
    url: (w) => `/api/direct_message/${w.users.buyer.user_id}`,
    expect: only(['buyer'], 200),
  },
  {
    method: 'GET',
    route: '/api/direct_message/listing-sender/get',
    url: (w) =>
      `/api/direct_message/listing-sender/get?id=${w.users.buyer.user_id}&listing=${w.listing.listing_id}`,
    expect: only(['buyer'], 200),
  },
  { ...VALID.sendMessage, route: '/api/direct_message', expect: only(['buyer'], 201) },
  {
    // With the device-made id an outbox sends (optional): who may send does not change.
    ...VALID.sendMessage,
    route: '/api/direct_message',
    body: (w) => ({ ...VALID.sendMessage.body(w), client_id: randomUUID() }),
    expect: only(['buyer'], 201),
  },
  {
    method: 'POST',
    route: '/api/direct_message/read',
    url: () => '/api/direct_message/read',
    body: (w) => ({ listing_id: w.listing.listing_id, other_user_id: w.users.buyer.user_id }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/review/:vendorId',
    url: (w) => `/api/review/${w.users.vendor.user_id}`,
    expect: all(200),
  },
  { ...VALID.review, route: '/api/review', expect: only(['buyer'], 201) },
  {
    method: 'GET',
    route: '/api/review/eligibility/:vendorId',
    url: (w) => `/api/review/eligibility/${w.users.vendor.user_id}`,
    expect: signedIn(200),
  },
  // Everyone may report the listing but its seller (400: their own).
  { ...VALID.report, route: '/api/reports', expect: { ...signedIn(201), vendor: 400 } },
  { method: 'GET', route: '/api/blocks', url: () => '/api/blocks', expect: signedIn(200) },
  { ...VALID.block, route: '/api/blocks', expect: { ...signedIn(201), vendor: 400 } },
  // Only the buyer has blocked the stranger: anyone else has nothing to lift.
  {
    method: 'DELETE',
    route: '/api/blocks/:user_id',
    url: (w) => `/api/blocks/${w.users.stranger.user_id}`,
    expect: { ...signedIn(404), buyer: 200 },
  },
  {
    method: 'GET',
    route: '/api/moderation/reports',
    url: () => '/api/moderation/reports',
    expect: only(['moderator'], 200),
  },
  {
    method: 'GET',
    route: '/api/moderation/audit',
    url: () => '/api/moderation/audit',
    expect: only(['moderator'], 200),
  },
  {
    method: 'GET',
    route: '/api/moderation/no-shows',
    url: () => '/api/moderation/no-shows',
    expect: only(['moderator'], 200),
  },
  {
    ...VALID.dismissReport,
    route: '/api/moderation/reports/:id',
    expect: only(['moderator'], 200),
  },
  {
    ...VALID.hideListing,
    route: '/api/moderation/listings/:id',
    expect: only(['moderator'], 200),
  },
  {
    ...VALID.suspendUser,
    route: '/api/moderation/users/:id',
    expect: only(['moderator'], 200),
  },
  {
    method: 'GET',
    route: '/api/delivery_request',
    url: () => '/api/delivery_request',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/delivery_request/vendor/:userId',
    url: (w) => `/api/delivery_request/vendor/${w.users.vendor.user_id}`,
    expect: only(['vendor'], 200),
  },
  {
    method: 'GET',
    route: '/api/delivery_request/listing-buyer',
    url: (w) =>
      `/api/delivery_request/listing-buyer?userId=${w.users.buyer.user_id}&listingId=${w.listing.listing_id}`,
    expect: only(['buyer'], 200),
  },
  { ...VALID.requestDelivery, route: '/api/delivery_request', expect: only(['buyer'], 201) },
  { ...VALID.declineRequest, route: '/api/delivery_request/:id', expect: only(['vendor'], 200) },
  {
    ...VALID.acceptRequest,
    route: '/api/delivery_instruction/request/accept/:deliveryRequestId',
    expect: only(['vendor'], 201),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction',
    url: () => '/api/delivery_instruction',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction/courier/unassigned',
    url: () => '/api/delivery_instruction/courier/unassigned',
    expect: only(['courier', 'assignedCourier'], 200),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction/courier/:user_id',
    url: (w) => `/api/delivery_instruction/courier/${w.users.assignedCourier.user_id}`,
    expect: only(['assignedCourier'], 200),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction/:id',
    url: (w) => `/api/delivery_instruction/${d(w)}`,
    expect: only(['buyer', 'vendor', 'assignedCourier'], 200),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction/:id/events',
    url: (w) => `/api/delivery_instruction/${d(w)}/events`,
    expect: only(['buyer', 'vendor', 'assignedCourier'], 200),
  },
  {
    ...VALID.pickUp,
    route: '/api/delivery_instruction/:id',
    expect: only(['assignedCourier'], 200),
  },
  {
    method: 'GET',
    route: '/api/notifications',
    url: () => '/api/notifications',
    expect: signedIn(200),
  },
  { ...VALID.readNotifications, route: '/api/notifications/read', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/notification-preferences',
    url: () => '/api/notification-preferences',
    expect: signedIn(200),
  },
  {
    ...VALID.notificationPreferences,
    route: '/api/notification-preferences',
    expect: signedIn(200),
  },
  // Whoever holds the mailed link may use it: the link is the proof.
  {
    method: 'GET',
    route: '/api/notifications/unsubscribe',
    url: unsubscribeUrl,
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/notifications/unsubscribe',
    url: unsubscribeUrl,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/push/public-key',
    url: () => '/api/push/public-key',
    expect: all(200),
  },
  { ...VALID.subscribePush, route: '/api/push-subscriptions', expect: signedIn(201) },
  // Removing a device that is not the caller's removes nothing (removed: false), never 403.
  {
    method: 'DELETE',
    route: '/api/push-subscriptions',
    url: () => '/api/push-subscriptions',
    body: () => ({ endpoint: pushSubscription().endpoint }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/delivery_instruction/:id/position',
    url: (w) => `/api/delivery_instruction/${d(w)}/position`,
    expect: only(['buyer', 'vendor', 'assignedCourier'], 200),
  },
  {
    ...VALID.sharePosition,
    route: '/api/delivery_instruction/:id/position',
    expect: only(['assignedCourier'], 200),
  },
  {
    ...VALID.rateCourier,
    route: '/api/delivery_instruction/:id/rating',
    expect: only(['buyer'], 201),
  },
];

/**
 * The moves beyond the spec, each made by every role: the buyer cancels a Pending request or an
 * Assigned delivery; the assigned courier finishes a code-protected drop-off with a photo, or
 * returns the item.
 */
const WAYS_OUT: Row[] = [
  { ...VALID.cancelRequest, route: '/api/delivery_request/:id', expect: only(['buyer'], 200) },
  {
    ...VALID.cancelDelivery,
    route: '/api/delivery_instruction/:id',
    expect: only(['buyer'], 200),
  },
  {
    ...VALID.dropOff,
    route: '/api/delivery_instruction/:id',
    expect: only(['assignedCourier'], 200),
  },
  {
    ...VALID.returnItem,
    route: '/api/delivery_instruction/:id',
    expect: only(['assignedCourier'], 200),
  },
];

/** Claiming the unassigned delivery, each role for themself: only couriers may. */
const CLAIM: Row = {
  method: 'PUT',
  route: '/api/delivery_instruction/:id',
  url: (w) => `/api/delivery_instruction/${w.unassignedDelivery}`,
  body: (w, role) => ({
    courier_id: role === 'visitor' ? 1 : w.idOf(role),
    delivery_status: 'Assigned',
  }),
  expect: only(['courier', 'assignedCourier'], 200),
};

/**
 * Who before what: the same call with its input broken. A role refused with 401 or 403 on good
 * input gets the same refusal on bad input (identity first); a role that may make the call
 * gets 400. Calls whose only input is the id that decides who may make them have no row here.
 */
const BAD_INPUT: Record<string, Pick<Row, 'url'> & { body?: Row['body'] }> = {
  'POST /api/register': { url: () => '/api/register', body: () => ({ username: '' }) },
  'POST /api/login': { url: () => '/api/login', body: () => ({ email: 'not an e-mail' }) },
  'POST /api/verify-email': { url: () => '/api/verify-email', body: () => ({ code: '12345' }) },
  'POST /api/delivery_instruction/:id/rating': {
    url: (w) => `/api/delivery_instruction/${w.deliveredDelivery}/rating`,
    body: () => ({ rating: 9 }),
  },
  'POST /api/password-reset': { url: () => '/api/password-reset', body: () => ({ email: 'x' }) },
  'POST /api/password-reset/confirm': {
    url: () => '/api/password-reset/confirm',
    body: (w) => ({ token: w.resetToken, password: 'short', confirmPassword: 'short' }),
  },
  'PUT /api/password': {
    url: () => '/api/password',
    body: () => ({ currentPassword: 'campus-demo-1', password: 'x', confirmPassword: 'y' }),
  },
  'PUT /api/user/:id': {
    url: (w) => `/api/user/${w.users.buyer.user_id}`,
    body: () => ({ is_courier: 'yes' }),
  },
  'GET /api/user/:id': { url: () => '/api/user/abc' },
  'DELETE /api/me': { url: () => '/api/me', body: () => ({ password: 42 }) },
  'GET /tiles/:version/:z/:x/:file': { url: () => tileAddress.replace(/\/\d+\.png$/, '/-1.png') },
  'GET /api/all': { url: () => '/api/all?limit=0' },
  'GET /api/category': { url: () => '/api/category?category=Toys' },
  'GET /api/title': { url: () => `/api/title?title=${'x'.repeat(500)}` },
  'GET /api/combined': { url: () => '/api/combined?category=Books&title=x&minRating=9' },
  'GET /api/search': { url: () => '/api/search?offset=-1' },
  'GET /api/listing/featured': { url: () => '/api/listing/featured?limit=1000' },
  'GET /api/listing/:id': { url: () => '/api/listing/1e3' },
  'POST /api/listing': {
    url: () => '/api/listing',
    body: (w) => ({ ...VALID.createListing.body(w), price: 'twelve' }),
  },
  'POST /api/listing/existing': {
    url: () => '/api/listing/existing',
    body: (w) => ({ ...VALID.relist.body(w), conditions: 'Broken' }),
  },
  'GET /api/listing/vendor/sold/:user_id': { url: () => '/api/listing/vendor/sold/0x1' },
  'GET /api/listing/active/:user_id': { url: () => '/api/listing/active/-1' },
  'PUT /api/listing/:id': {
    url: (w) => `/api/listing/${w.freshListing.listing_id}`,
    body: () => ({}),
  },
  'PATCH /api/listing/:id': {
    url: (w) => `/api/listing/${w.freshListing.listing_id}`,
    body: () => ({ title: '  ', price: -1 }),
  },
  'PUT /api/favorites/:listingId': { url: () => '/api/favorites/abc' },
  'POST /api/offers': {
    url: () => '/api/offers',
    body: (w) => ({ ...VALID.makeOffer.body(w), amount: 0 }),
  },
  'GET /api/offers': { url: () => '/api/offers?listing_id=abc' },
  'GET /api/offers/conversation': {
    url: (w) => `/api/offers/conversation?listing_id=${w.listing.listing_id}`,
  },
  'PUT /api/offers/:id': {
    url: (w) => `/api/offers/${w.offerId}`,
    body: () => ({ action: 'haggle' }),
  },
  'POST /api/holds': {
    url: () => '/api/holds',
    body: (w) => ({ ...VALID.holdForBuyer.body(w), buyer_id: 'someone' }),
  },
  'GET /api/holds': { url: () => '/api/holds?listing_id=0' },
  'POST /api/meetings': {
    url: () => '/api/meetings',
    body: (w) => ({ ...VALID.proposeMeeting.body(w), location: 'The Moon' }),
  },
  'GET /api/meetings': { url: () => '/api/meetings?listing_id=abc' },
  'PUT /api/meetings/:id': {
    url: (w) => `/api/meetings/${w.meetingId}`,
    body: () => ({ action: 'haggle' }),
  },
  'PUT /api/holds/:id': {
    url: (w) => `/api/holds/${w.holdId}`,
    body: () => ({ action: 'shorten' }),
  },
  'DELETE /api/favorites/:listingId': { url: () => '/api/favorites/0' },
  'POST /api/saved-searches': {
    url: () => '/api/saved-searches',
    body: () => ({ title: 'desk', category: 'Toys' }),
  },
  'GET /api/direct_message/listing-sender/get': {
    url: (w) => `/api/direct_message/listing-sender/get?id=${w.users.buyer.user_id}&listing=x`,
  },
  'POST /api/direct_message': {
    url: () => '/api/direct_message',
    body: (w) => ({ ...VALID.sendMessage.body(w), content: '   ' }),
  },
  'POST /api/direct_message/read': { url: () => '/api/direct_message/read', body: () => ({}) },
  'GET /api/review/:vendorId': { url: () => '/api/review/abc' },
  'POST /api/review': {
    url: () => '/api/review',
    body: (w) => ({ ...VALID.review.body(w), rating: 9 }),
  },
  'GET /api/review/eligibility/:vendorId': { url: () => '/api/review/eligibility/0' },
  'POST /api/reports': {
    url: () => '/api/reports',
    body: (w) => ({ ...VALID.report.body(w), reason: 'rude' }),
  },
  'POST /api/blocks': { url: () => '/api/blocks', body: () => ({ user_id: 'someone' }) },
  'DELETE /api/blocks/:user_id': { url: () => '/api/blocks/abc' },
  'PUT /api/moderation/reports/:id': {
    url: (w) => `/api/moderation/reports/${w.reportId}`,
    body: () => ({ status: 'open' }),
  },
  'PUT /api/moderation/listings/:id': {
    url: (w) => `/api/moderation/listings/${w.freshListing.listing_id}`,
    body: () => ({ hidden: true }),
  },
  'PUT /api/moderation/users/:id': {
    url: (w) => `/api/moderation/users/${w.users.stranger.user_id}`,
    body: () => ({ suspended: 'yes', reason: 'x' }),
  },
  'GET /api/delivery_request/listing-buyer': {
    url: (w) => `/api/delivery_request/listing-buyer?userId=${w.users.buyer.user_id}&listingId=z`,
  },
  'POST /api/delivery_request': {
    url: () => '/api/delivery_request',
    body: (w) => ({ ...VALID.requestDelivery.body(w), dropoff: 'The Moon' }),
  },
  'PUT /api/delivery_request/:id': {
    url: (w) => `/api/delivery_request/${w.pendingRequest}`,
    body: () => ({ status: 'Approved' }),
  },
  'POST /api/delivery_instruction/request/accept/:deliveryRequestId': {
    url: (w) => `/api/delivery_instruction/request/accept/${w.pendingRequest}`,
    body: () => ({ pickup: 'The Moon' }),
  },
  'PUT /api/delivery_instruction/:id': {
    url: (w) => `/api/delivery_instruction/${w.assignedDelivery}`,
    body: () => ({ delivery_status: 'Flying' }),
  },
  'GET /api/notifications': { url: () => '/api/notifications?limit=0' },
  'PUT /api/notifications/read': {
    url: () => '/api/notifications/read',
    body: () => ({ ids: [] }),
  },
  'PUT /api/notification-preferences': {
    url: () => '/api/notification-preferences',
    body: () => ({ message: { push: 'loud' } }),
  },
  'GET /api/notifications/unsubscribe': { url: () => '/api/notifications/unsubscribe?token=' },
  'POST /api/notifications/unsubscribe': { url: () => '/api/notifications/unsubscribe' },
  'POST /api/push-subscriptions': {
    url: () => '/api/push-subscriptions',
    body: () => ({ ...pushSubscription(), endpoint: 'http://127.0.0.1:9/push/x' }),
  },
  'DELETE /api/push-subscriptions': { url: () => '/api/push-subscriptions', body: () => ({}) },
  'POST /api/delivery_instruction/:id/position': {
    url: (w) => `/api/delivery_instruction/${w.assignedDelivery}/position`,
    body: () => ({ lat: 91, lng: 0 }),
  },
};
/** Calls with no input to break but the one that decides who may make them. */
const NOTHING_TO_BREAK = [
  'GET /api/health',
  'GET /api/config',
  'POST /api/logout',
  'POST /api/verify-email/resend',
  'GET /api/me',
  'GET /api/me/export',
  'GET /api/events',
  'GET /api/product/vendor/:user_id',
  'DELETE /api/listing/:id',
  'GET /api/favorites',
  'GET /api/sales',
  'GET /api/purchases',
  'GET /api/saved-searches',
  'DELETE /api/saved-searches/:id',
  'GET /api/direct_message',
  'GET /api/direct_message/:id',
  'GET /api/blocks',
  'GET /api/moderation/reports',
  'GET /api/moderation/audit',
  'GET /api/moderation/no-shows',
  'GET /api/delivery_request',
  'GET /api/delivery_request/vendor/:userId',
  'GET /api/delivery_instruction',
  'GET /api/delivery_instruction/courier/unassigned',
  'GET /api/delivery_instruction/courier/:user_id',
  'GET /api/delivery_instruction/:id',
  'GET /api/delivery_instruction/:id/events',
  'GET /api/delivery_instruction/:id/position',
  'GET /api/notification-preferences',
  'GET /api/push/public-key',
];

/**
 * Writing to the buyer about the listing of the assigned delivery, each role as themself: its
 * seller and its courier may; the buyer would be writing to themself (400); anyone else 403.
 */
const COURIER_MESSAGE: Row = {
  method: 'POST',
  route: '/api/direct_message',
  url: () => '/api/direct_message',
  body: (w, role) => ({
    sender_id: role === 'visitor' ? 1 : w.idOf(role),
    receiver_id: w.users.buyer.user_id,
    listing_id: w.spareListing.listing_id,
    content: 'I am at the Library entrance',
  }),
  expect: { ...only(['vendor', 'assignedCourier'], 201), buyer: 400 },
};

/**
 * Answers that are the same whoever asks: they keep their own caching (no `no-store`); the
 * test below shows that they are the same for a visitor and for every role.
 */
const SHARED_ANSWERS = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /tiles/:version/:z/:x/:file',
  'GET /api/all',
  'GET /api/category',
  'GET /api/title',
  'GET /api/combined',
  'GET /api/search',
  'GET /api/listing/featured',
  'GET /api/listing/vendor/sold/:user_id',
  'GET /api/listing/active/:user_id',
  'GET /api/review/:vendorId',
  'GET /api/push/public-key',
]);
/** Open to visitors, but more for some signed-in callers: `Vary: Cookie`, `no-store` signed in. */
const VARYING_ANSWERS = new Set(['GET /api/user/:id', 'GET /api/listing/:id']);

/** Whether a shared computer's browser or a proxy may keep the answer (docs/api.md). */
function expectCaching(key: string, role: Role, headers: Record<string, unknown>) {
  const cacheControl = String(headers['cache-control'] ?? '');
  if (SHARED_ANSWERS.has(key)) {
    expect(cacheControl, `${key} is the same for everyone`).not.toMatch(/no-store/);
    return;
  }
  if (VARYING_ANSWERS.has(key)) {
    expect(String(headers.vary ?? ''), `${key} varies with the session`).toMatch(/cookie/i);
    if (role === 'visitor') return;
  }
  expect(cacheControl, `${key} as ${role} depends on who asks`).toMatch(/no-store/);
}

/** Private text each role may legitimately see. */
function visibleSecrets(role: Role): string[] {
  if (role === 'buyer') return Object.values(SECRETS);
  if (role === 'vendor') return [SECRETS.message, SECRETS.requestNote, SECRETS.deliveryNote];
  if (role === 'assignedCourier') return [SECRETS.deliveryNote, SECRETS.courierFirstName];
  return [];
}

let ctx: TestContext;
let base: string;

const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-matrix-'));
beforeAll(async () => {
  const archive = await writeSmallArchive(archiveDir);
  ctx = await createTestApp({
    env: { MAP_TILES: archive.file, PUSH_SERVICE_ORIGINS: PUSH_TEST_ORIGIN },
  });
  unsubscribeSecret = await ctx.app.push.unsubscribeSecret();
  const config = (await ctx.app.inject({ url: '/api/config' })).json<{ tileUrl: string }>();
  tileAddress = tileUrl(config.tileUrl, archive.tiles[0]!);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(archiveDir, { recursive: true, force: true });
});

function streamStatus(
  url: string,
  cookie?: string,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${url}`, { headers: cookie ? { cookie } : {} }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      req.destroy();
    });
    req.on('error', (e) =>
      (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e),
    );
  });
}

async function run(row: Row, role: Role) {
  const w = await buildWorld(ctx);
  const cookie = w.cookies[role];
  if (row.stream) return { ...(await streamStatus(row.url(w, role), cookie)), body: '', w };
  const res = await ctx.app.inject({
    method: row.method,
    url: row.url(w, role),
    headers: cookie ? { cookie } : {},
    ...(row.body && { payload: row.body(w, role) as object }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body, w };
}

describe('authorization matrix', () => {
  it('has a row for every API endpoint the app serves', () => {
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    const missing = ctx.app.apiRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  const labels = new Map([
    [CLAIM, ' (claim)'],
    [COURIER_MESSAGE, ' (to the buyer of a delivery)'],
    [WAYS_OUT[0]!, ' (cancel a request)'],
    [WAYS_OUT[1]!, ' (cancel a delivery)'],
    [WAYS_OUT[2]!, ' (drop-off with code and photo)'],
    [WAYS_OUT[3]!, ' (return the item)'],
  ]);
  for (const row of [...ROWS, CLAIM, COURIER_MESSAGE, ...WAYS_OUT]) {
    const label = `${row.method} ${row.route}${labels.get(row) ?? ''}`;
    it.each(ROLES)(`${label} as %s`, async (role) => {
      const { status, headers, body, w } = await run(row, role);
      expect(status).toBe(row.expect[role]);
      expectCaching(`${row.method} ${row.route}`, role, headers);
      if (status >= 400 && !row.stream) {
        // Every error is { message, code }, the code the one of its kind.
        expect(errorBody.parse(JSON.parse(body)).code).toBe(defaultErrorCode(status));
      }
      if (row.method !== 'GET' || status !== 200) return;
      const own = role === 'visitor' ? null : w.users[role].sfsu_email;
      const leakedEmails = w.emails.filter((e) => e !== own && body.includes(e));
      expect(leakedEmails).toEqual([]);
      const allowed = visibleSecrets(role);
      const leaked = Object.values(SECRETS).filter((s) => !allowed.includes(s) && body.includes(s));
      expect(leaked).toEqual([]);
    });
  }
});

describe('answers that are the same for everyone', () => {
  it('name only GET routes the matrix has', () => {
    const keys = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    for (const key of [...SHARED_ANSWERS, ...VARYING_ANSWERS]) {
      expect(keys.has(key), key).toBe(true);
      expect(key.startsWith('GET ')).toBe(true);
    }
  });

  // The featured listings are drawn at random for every answer: the same rule, not the same bytes.
  const comparable = ROWS.filter(
    (r) => SHARED_ANSWERS.has(`${r.method} ${r.route}`) && r.route !== '/api/listing/featured',
  );
  it.each(comparable.map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s answers every role what it answers a visitor',
    async (_key, row) => {
      const w = await buildWorld(ctx);
      const answer = async (role: Role) => {
        const cookie = w.cookies[role];
        const res = await ctx.app.inject({
          method: row.method,
          url: row.url(w, role),
          headers: cookie ? { cookie } : {},
        });
        return { status: res.statusCode, body: res.body };
      };
      const visitor = await answer('visitor');
      for (const role of ROLES) expect(await answer(role), role).toEqual(visitor);
    },
  );
});

describe('status order: 401, then 403, then 400', () => {
  it('breaks the input of every call that has one', () => {
    const keys = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    const covered = new Set([...Object.keys(BAD_INPUT), ...NOTHING_TO_BREAK]);
    expect([...keys].filter((k) => !covered.has(k))).toEqual([]);
  });

  const cases = ROWS.flatMap((row) => {
    const key = `${row.method} ${row.route}`;
    const bad = BAD_INPUT[key];
    // Several rows share a route (mark sold and claim both PUT a path); the first one says it.
    if (!bad || ROWS.find((r) => `${r.method} ${r.route}` === key) !== row) return [];
    return [{ key, row, bad }];
  });
  for (const { key, row, bad } of cases) {
    it.each(ROLES)(`${key} with bad input as %s`, async (role) => {
      const w = await buildWorld(ctx);
      const cookie = w.cookies[role];
      const res = await ctx.app.inject({
        method: row.method,
        url: bad.url(w, role),
        headers: cookie ? { cookie } : {},
        ...(bad.body && { payload: bad.body(w, role) as object }),
      });
      const good = row.expect[role];
      const expected = good === 401 || good === 403 ? good : 400;
      expect(res.statusCode, res.body).toBe(expected);
      expect(errorBody.parse(res.json()).code).toBe(defaultErrorCode(expected));
    });
  }

  /** The moves beyond the spec with their input broken: who before what, again. */
  const BROKEN_WAYS_OUT: [Row, Row['body']][] = [
    [WAYS_OUT[0]!, () => ({ status: 'Cancelled', reason: 'x'.repeat(501) })],
    [WAYS_OUT[1]!, () => ({ delivery_status: 'Cancelled', reason: 'x'.repeat(501) })],
    [WAYS_OUT[2]!, () => ({ delivery_status: 'Delivered', handover_code: '12a4' })],
    [WAYS_OUT[3]!, () => ({ delivery_status: 'Returned', reason: 'bored' })],
  ];
  for (const [row, body] of BROKEN_WAYS_OUT) {
    it.each(ROLES)(
      `${row.method} ${row.route} (${JSON.stringify(body!({} as World, 'buyer')).slice(0, 40)}) as %s`,
      async (role) => {
        const w = await buildWorld(ctx);
        const cookie = w.cookies[role];
        const res = await ctx.app.inject({
          method: row.method,
          url: row.url(w, role),
          headers: cookie ? { cookie } : {},
          payload: body!(w, role) as object,
        });
        const good = row.expect[role];
        expect(res.statusCode, res.body).toBe(good === 401 || good === 403 ? good : 400);
      },
    );
  }

  it('answers a visitor 401 whatever the body holds, even one too large to read', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(300 * 1024) });
    for (const [method, url] of [
      ['PUT', '/api/listing/1'],
      ['PATCH', '/api/listing/1'],
      ['POST', '/api/direct_message'],
      ['POST', '/api/listing'],
    ] as const) {
      for (const payload of ['{}', '{"broken": ', huge]) {
        const res = await ctx.app.inject({
          method,
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url} ${payload.slice(0, 20)}`).toBe(401);
      }
    }
  });
});

/**
 * An account whose campus e-mail is not verified (EMAIL_VERIFICATION=required, the default):
 * the calls that act on others answer 403 `email_unverified` to their rightful caller, before
 * looking at the input; managing what the account already has, and reading, stay open.
 */
describe('an account that has not verified its campus e-mail', () => {
  const byRoute = (method: Row['method'], route: string) =>
    ROWS.find((r) => r.method === method && r.route === route)!;
  const GATED: { label: string; role: Role; row: Row; bad?: keyof typeof BAD_INPUT }[] = [
    {
      label: 'create a listing',
      role: 'vendor',
      row: byRoute('POST', '/api/listing'),
      bad: 'POST /api/listing',
    },
    {
      label: 'relist',
      role: 'vendor',
      row: byRoute('POST', '/api/listing/existing'),
      bad: 'POST /api/listing/existing',
    },
    {
      label: 'message a seller',
      role: 'buyer',
      row: byRoute('POST', '/api/direct_message'),
      bad: 'POST /api/direct_message',
    },
    { label: 'message a buyer', role: 'assignedCourier', row: COURIER_MESSAGE },
    {
      label: 'review',
      role: 'buyer',
      row: byRoute('POST', '/api/review'),
      bad: 'POST /api/review',
    },
    {
      label: 'ask for delivery',
      role: 'buyer',
      row: byRoute('POST', '/api/delivery_request'),
      bad: 'POST /api/delivery_request',
    },
    {
      label: 'arrange a meeting on campus',
      role: 'buyer',
      row: byRoute('POST', '/api/meetings'),
      bad: 'POST /api/meetings',
    },
    {
      label: 'change a meeting on campus',
      role: 'vendor',
      row: byRoute('PUT', '/api/meetings/:id'),
      bad: 'PUT /api/meetings/:id',
    },
    { label: 'become a courier', role: 'buyer', row: byRoute('PUT', '/api/user/:id') },
    { label: 'claim a delivery', role: 'courier', row: CLAIM },
  ];
  const OPEN: { label: string; role: Role; row: Row }[] = [
    { label: 'mark own listing sold', role: 'vendor', row: byRoute('PUT', '/api/listing/:id') },
    { label: 'edit own listing', role: 'vendor', row: byRoute('PATCH', '/api/listing/:id') },
    { label: 'keep a favourite', role: 'buyer', row: byRoute('PUT', '/api/favorites/:listingId') },
    { label: 'save a search', role: 'buyer', row: byRoute('POST', '/api/saved-searches') },
    {
      label: 'decline a request',
      role: 'vendor',
      row: byRoute('PUT', '/api/delivery_request/:id'),
    },
    { label: 'cancel a request', role: 'buyer', row: WAYS_OUT[0]! },
    { label: 'cancel a delivery', role: 'buyer', row: WAYS_OUT[1]! },
    { label: 'finish a drop-off', role: 'assignedCourier', row: WAYS_OUT[2]! },
    { label: 'return an item', role: 'assignedCourier', row: WAYS_OUT[3]! },
    {
      label: 'rate the courier',
      role: 'buyer',
      row: byRoute('POST', '/api/delivery_instruction/:id/rating'),
    },
    {
      label: 'pick up the assigned delivery',
      role: 'assignedCourier',
      row: ROWS.find((r) => r.method === 'PUT' && r.route === '/api/delivery_instruction/:id')!,
    },
    { label: 'read own meetings', role: 'buyer', row: byRoute('GET', '/api/meetings') },
    { label: 'read own messages', role: 'buyer', row: byRoute('GET', '/api/direct_message') },
    { label: 'read own account', role: 'buyer', row: byRoute('GET', '/api/me') },
    { label: 'read a profile', role: 'buyer', row: byRoute('GET', '/api/user/:id') },
    { label: 'browse', role: 'buyer', row: byRoute('GET', '/api/all') },
    { label: 'change the password', role: 'buyer', row: byRoute('PUT', '/api/password') },
  ];

  const unverified = async (role: Role) => {
    const w = await buildWorld(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified: 0 })
      .where('user_id', '=', w.idOf(role))
      .execute();
    return w;
  };
  const send = (w: World, role: Role, row: Pick<Row, 'method' | 'url' | 'body'>) =>
    ctx.app.inject({
      method: row.method,
      url: row.url(w, role),
      headers: { cookie: w.cookies[role]! },
      ...(row.body && { payload: row.body(w, role) as object }),
    });

  it.each(GATED)('may not $label: 403 email_unverified, before the input is read', async (g) => {
    const w = await unverified(g.role);
    const res = await send(w, g.role, g.row);
    expect(res.statusCode, res.body).toBe(403);
    expect(errorBody.parse(res.json())).toMatchObject({ code: 'email_unverified' });
    expect(res.json().message).toMatch(/verify your campus e-mail/);
    if (g.bad) {
      const broken = await send(w, g.role, { method: g.row.method, ...BAD_INPUT[g.bad]! });
      expect(broken.statusCode, broken.body).toBe(403);
    }
  });

  it.each(OPEN)('may still $label', async (o) => {
    const w = await unverified(o.role);
    const res = await send(w, o.role, o.row);
    expect(res.statusCode, res.body).toBe(o.row.expect[o.role]);
  });
});

/**
 * The creates that take an Idempotency-Key (docs/decisions/021-lie-fi-and-idempotency-keys.md): with a key
 * every role gets what it gets without one, the rightful caller's repeat gets the same answer,
 * and a malformed key is a 400 only for who may make the call (401 and 403 come first).
 */
describe('with an Idempotency-Key', () => {
  const KEYED = [
    'POST /api/listing',
    'POST /api/listing/existing',
    'POST /api/direct_message',
    'POST /api/review',
    'POST /api/reports',
    'POST /api/delivery_request',
    'POST /api/delivery_instruction/request/accept/:deliveryRequestId',
    'PUT /api/delivery_instruction/:id',
    'POST /api/delivery_instruction/:id/rating',
    'POST /api/meetings',
    'PUT /api/meetings/:id',
  ];
  const rows = KEYED.map((key) => ROWS.find((r) => `${r.method} ${r.route}` === key)!);

  async function keyed(row: Row, role: Role, key: string, w: World, body = row.body?.(w, role)) {
    const cookie = w.cookies[role];
    return ctx.app.inject({
      method: row.method,
      url: row.url(w, role),
      headers: { ...(cookie ? { cookie } : {}), 'idempotency-key': key },
      ...(body !== undefined && { payload: body as object }),
    });
  }

  for (const row of rows) {
    it.each(ROLES)(`${row.method} ${row.route} as %s`, async (role) => {
      const w = await buildWorld(ctx);
      const key = `matrix-${role}-${Math.random().toString(36).slice(2)}`;
      // The same body both times (a status update's device time is taken once).
      const body = row.body?.(w, role);
      const first = await keyed(row, role, key, w, body);
      expect(first.statusCode, first.body).toBe(row.expect[role]);
      const again = await keyed(row, role, key, w, body);
      expect(again.statusCode).toBe(first.statusCode);
      if (first.statusCode < 300) expect(again.json()).toEqual(first.json());

      const malformed = await keyed(row, role, 'not a key', await buildWorld(ctx));
      const good = row.expect[role];
      expect(malformed.statusCode).toBe(good === 401 || good === 403 ? good : 400);
    });
  }
});
