/**
 * Delete account (DELETE /api/me): a wrong password changes nothing, a delivery under way in
 * any role refuses it and says which, and otherwise everything personal goes while what others
 * hold stays, from "Deleted user".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insertInstruction, insertRequest } from '#server/features/deliveries/repository.js';
import { recordDecision } from '#server/safety/audit.js';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_GONE_MESSAGE,
  DELETED_USER_NAME,
} from '#shared/leaving.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { Review } from '#shared/schemas/reviews.js';
import {
  courier,
  listingBody,
  listingOf,
  reviewed,
  storeBlock,
  unassignedDelivery,
  wrote,
} from '../data.js';
import {
  appForFile,
  as,
  listening,
  sessionCookie,
  signedInUser,
  snapshot,
  type Actor,
} from '../harness.js';
import { pushWaiting } from '../notify-support.js';
import { openSse } from '../sse-client.js';

const ctx = await appForFile();
const base = await listening(ctx);

const PASSWORD = 'campus-demo-1';

/** Waits for `done` (set-up code, where expect.poll is not available). */
async function until(done: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const deleteMe = (who: Actor, password = PASSWORD) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { cookie: who.cookie },
    payload: { password },
  });

async function expectRefused(who: Actor, status: number, password = PASSWORD) {
  const before = await snapshot(ctx);
  const res = await deleteMe(who, password);
  expect(res.statusCode, res.body).toBe(status);
  expect(await snapshot(ctx)).toEqual(before);
  // Still signed in: nothing happened to the account.
  expect((await as(ctx, who).get('/api/me')).statusCode).toBe(200);
  return res.json<{ message: string; code: string }>();
}

describe('refusals', () => {
  it('asks for a session, then the right password (403), and changes nothing', async () => {
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/me', payload: {} })).statusCode,
    ).toBe(401);
    const person = await signedInUser(ctx);
    await listingOf(ctx, person);
    const wrong = await expectRefused(person, 403, 'not-my-password');
    expect(wrong).toEqual({
      message: 'That password is not right. Your account was not deleted.',
      code: 'forbidden',
    });
    const missing = await deleteMe(person, '');
    expect(missing.statusCode).toBe(400);
  });

  it('refuses while a delivery is under way, naming it and the role, as buyer, seller and courier', async () => {
    const s = await unassignedDelivery(ctx);
    const buyerSays = await expectRefused(s.buyer, 409);
    expect(buyerSays.message).toContain('(you are its buyer; Unassigned)');
    const sellerSays = await expectRefused(s.vendor, 409);
    expect(sellerSays.message).toContain('(you are its seller; Unassigned)');

    const jace = await courier(ctx);
    const claim = await as(ctx, jace).put(`/api/delivery_instruction/${s.delivery.delivery_id}`, {
      courier_id: jace.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const courierSays = await expectRefused(jace, 409);
    expect(courierSays.message).toMatch(
      /^Your account cannot be deleted while a delivery is under way: "[^"]+" \(you are its courier; Assigned\)\. Finish or cancel it first\.$/,
    );

    // Once it is delivered, all three may go.
    for (const status of ['Picked Up', 'Delivered']) {
      const res = await as(ctx, jace).put(`/api/delivery_instruction/${s.delivery.delivery_id}`, {
        delivery_status: status,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await deleteMe(jace)).statusCode).toBe(200);
  });
});

describe('a deleted account', () => {
  let leaver: Actor;
  let seller: Actor;
  let buyer: Actor;
  let otherSession: string;
  let original: { username: string; email: string; first: string; last: string };
  let ownListing: number;
  let waitingRequest: number;
  let auditTargets: number[];
  let pushSubscription: number;

  beforeAll(async () => {
    leaver = await signedInUser(ctx, { first_name: 'Leonora', last_name: 'Leaving' });
    seller = await signedInUser(ctx);
    buyer = await signedInUser(ctx);
    original = {
      username: leaver.user.username,
      email: leaver.user.sfsu_email,
      first: 'Leonora',
      last: 'Leaving',
    };
    const db = ctx.database.db;

    // As a seller: a listing with a picture, and a buyer's request waiting on it.
    const created = await as(ctx, leaver).post('/api/listing', await listingBody(leaver));
    expect(created.statusCode, created.body).toBe(201);
    ownListing = created.json<{ listing_id: number }>().listing_id;
    waitingRequest = await insertRequest(db, {
      buyer_id: buyer.user.user_id,
      vendor_id: leaver.user.user_id,
      listing_id: ownListing,
      dropoff: 'Library',
      buyer_special_request: '',
    });
    await reviewed(ctx, buyer, leaver, 4, 'Kind seller');

    // As a buyer: a conversation with the seller, a review of them, a delivery that ended and
    // a request still waiting.
    const sold = await listingOf(ctx, seller, { title: 'Blue kettle' });
    const other = await listingOf(ctx, seller, { title: 'Green lamp' });
    await wrote(ctx, leaver, seller, sold.listing_id, 'Is the kettle still there?');
    await wrote(ctx, seller, leaver, sold.listing_id, 'Yes, come by.');
    const review = await as(ctx, leaver).post('/api/review', {
      author_id: leaver.user.user_id,
      vendor_id: seller.user.user_id,
      rating: 5,
      comment: 'Great kettle',
    });
    expect(review.statusCode, review.body).toBe(201);
    const finished = await insertRequest(db, {
      buyer_id: leaver.user.user_id,
      vendor_id: seller.user.user_id,
      listing_id: sold.listing_id,
      dropoff: 'Library',
      buyer_special_request: '',
      status: 'Approved',
    });
    await insertInstruction(db, {
      delivery_request_id: finished,
      pickup: 'Cafe 101',
      dropoff: 'Library',
      seller_special_request: '',
      buyer_special_request: '',
      buyer_id: leaver.user.user_id,
      vendor_id: seller.user.user_id,
      product_id: sold.product_id,
      listing_id: sold.listing_id,
      courier_id: (await courier(ctx)).user.user_id,
      delivery_status: 'Delivered',
    });
    await insertRequest(db, {
      buyer_id: leaver.user.user_id,
      vendor_id: seller.user.user_id,
      listing_id: other.listing_id,
      dropoff: 'Library',
      buyer_special_request: '',
    });

    // Blocks both ways, a mailed reset link, a moderator's decisions about and by them.
    await as(ctx, leaver).post('/api/blocks', { user_id: buyer.user.user_id });
    await storeBlock(ctx, seller, buyer);
    await storeBlock(ctx, buyer, leaver);
    expect((await as(ctx).post('/api/password-reset', { email: original.email })).statusCode).toBe(
      202,
    );
    // The link is issued after the answer has gone.
    await until(async () => {
      const mails = await db
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('to_address', '=', original.email)
        .execute();
      return mails.length > 0;
    });
    await recordDecision(db, {
      moderatorId: null,
      actor: 'MODERATOR_EMAILS',
      action: 'moderator.grant',
      targetType: 'user',
      targetId: leaver.user.user_id,
      targetLabel: original.username,
      reason: '',
    });
    await recordDecision(db, {
      moderatorId: leaver.user.user_id,
      actor: original.username,
      action: 'listing.hide',
      targetType: 'listing',
      targetId: other.listing_id,
      targetLabel: 'Green lamp',
      reason: 'test',
    });
    auditTargets = [leaver.user.user_id, other.listing_id];

    // Kept: a favourite and a saved search.
    const kept = await as(ctx, leaver).put(`/api/favorites/${other.listing_id}`);
    expect(kept.statusCode, kept.body).toBe(200);
    const saved = await as(ctx, leaver).post('/api/saved-searches', { title: 'lamp' });
    expect(saved.statusCode, saved.body).toBe(201);

    // Notifications: a switch changed, one in the centre, a phone subscribed with a push on
    // its way to it.
    const prefs = await as(ctx, leaver).put('/api/notification-preferences', {
      message: { email: false },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const now = new Date().toISOString();
    await db
      .insertInto('notifications')
      .values({
        user_id: leaver.user.user_id,
        kind: 'message',
        title: 'New message',
        body: 'Yes, come by.',
        url: '/Chats',
        group_key: null,
        created_at: now,
        read_at: null,
      })
      .execute();
    pushSubscription = await pushWaiting(
      ctx,
      leaver,
      `https://push.example.net/send/${leaver.user.user_id}`,
      'queued',
    );

    // A mistyped password counts under the address; then a second device, signed in too.
    const typo = await as(ctx).post('/api/login', { email: original.email, password: 'typo' });
    expect(typo.statusCode).toBe(401);
    const again = await as(ctx).post('/api/login', { email: original.email, password: PASSWORD });
    otherSession = sessionCookie(again);
  });

  it('ends every session and event stream, and signs out', async () => {
    const stream = await openSse(base, leaver.cookie);
    await stream.next('ready');
    const res = await deleteMe(leaver);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies.find((c) => c.name === 'campus_sid')?.value).toBe('');
    await stream.ended;
    // The failed sign-in counted under the address went with it.
    const db = ctx.database.db;
    expect(
      await db
        .selectFrom('auth_throttle')
        .select('key')
        .where('key', 'like', `%${original.email}%`)
        .execute(),
    ).toEqual([]);
    expect((await as(ctx, leaver).get('/api/me')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/me', headers: { cookie: otherSession } })).statusCode,
    ).toBe(401);
    const signIn = await as(ctx).post('/api/login', { email: original.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
  });

  it('takes the listings away and answers the requests waiting on them', async () => {
    expect((await as(ctx).get(`/api/listing/${ownListing}`)).statusCode).toBe(404);
    const search = await as(ctx).get('/api/search?title=Desk lamp');
    expect(
      search.json<{ items: { listing_id: number }[] }>().items.map((l) => l.listing_id),
    ).not.toContain(ownListing);
    const mine: DeliveryRequest[] = (await as(ctx, buyer).get('/api/delivery_request')).json();
    expect(mine.find((r) => r.delivery_request_id === waitingRequest)?.status).toBe('Denied');
  });

  it('keeps the other person\'s conversation, review and delivery, from "Deleted user"', async () => {
    const messages: DirectMessage[] = (
      await as(ctx, seller).get(`/api/direct_message/${seller.user.user_id}`)
    ).json();
    const theirs = messages.find((m) => m.content === 'Is the kettle still there?');
    expect(theirs).toMatchObject({
      sender_id: leaver.user.user_id,
      sender_username: DELETED_USER_NAME,
    });
    expect(messages.find((m) => m.content === 'Yes, come by.')?.receiver_username).toBe(
      DELETED_USER_NAME,
    );

    const reviews: Review[] = (await as(ctx).get(`/api/review/${seller.user.user_id}`)).json();
    expect(reviews).toEqual([
      expect.objectContaining({ comment: 'Great kettle', username: DELETED_USER_NAME }),
    ]);

    const requests: DeliveryRequest[] = (await as(ctx, seller).get('/api/delivery_request')).json();
    // The ended one stays in the seller's history; the one still waiting was withdrawn.
    expect(requests.map((r) => [r.status, r.username])).toEqual([['Approved', DELETED_USER_NAME]]);

    const profile = await as(ctx).get(`/api/user/${leaver.user.user_id}`);
    expect(profile.json()).toEqual([
      expect.objectContaining({
        user_id: leaver.user.user_id,
        username: DELETED_USER_NAME,
        first_name: '',
        last_name: '',
        deleted: true,
      }),
    ]);
    // Nobody writes to, or reviews, an account that is gone.
    const write = await as(ctx, seller).post('/api/direct_message', {
      sender_id: seller.user.user_id,
      receiver_id: leaver.user.user_id,
      listing_id: (await listingOf(ctx, seller)).listing_id,
      content: 'Still there?',
    });
    expect(write.statusCode).toBe(409);
    expect(write.json().message).toBe(ACCOUNT_GONE_MESSAGE);
  });

  it('leaves nothing personal in the account or beside it', async () => {
    const db = ctx.database.db;
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', leaver.user.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: '',
      last_name: '',
      password_hash: '',
      is_courier: 0,
      is_moderator: 0,
      email_verified: 0,
    });
    expect(row.deleted_at).toEqual(expect.any(String));
    const text = JSON.stringify(row).toLowerCase();
    for (const value of Object.values(original)) expect(text).not.toContain(value.toLowerCase());

    const left = async (
      table:
        | 'sessions'
        | 'email_verifications'
        | 'password_resets'
        | 'notifications'
        | 'notification_preferences'
        | 'push_subscriptions'
        | 'favorites'
        | 'saved_searches',
    ) =>
      (
        await db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', leaver.user.user_id)
          .execute()
      ).length;
    expect(await left('sessions')).toBe(0);
    expect(await left('email_verifications')).toBe(0);
    expect(await left('password_resets')).toBe(0);
    expect(await left('notifications')).toBe(0);
    expect(await left('notification_preferences')).toBe(0);
    expect(await left('push_subscriptions')).toBe(0);
    expect(await left('favorites')).toBe(0);
    expect(await left('saved_searches')).toBe(0);
    expect(
      await db
        .selectFrom('push_outbox')
        .select('push_id')
        .where('subscription_id', '=', pushSubscription)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('to_address', '=', original.email)
        .execute(),
    ).toEqual([]);
    const blocks = await db.selectFrom('blocks').selectAll().execute();
    expect(
      blocks.filter(
        (b) => b.blocker_id === leaver.user.user_id || b.blocked_id === leaver.user.user_id,
      ),
    ).toEqual([]);
    expect(blocks.length).toBeGreaterThan(0);

    // The audit keeps its entries, without the name.
    const audit = await db
      .selectFrom('moderation_audit')
      .selectAll()
      .where('target_id', 'in', auditTargets)
      .execute();
    expect(audit).toHaveLength(2);
    for (const entry of audit) {
      expect(JSON.stringify(entry)).not.toContain(original.username);
    }
    expect(audit.map((a) => [a.action, a.actor, a.target_label]).sort()).toEqual([
      ['listing.hide', DELETED_USER_NAME, 'Green lamp'],
      ['moderator.grant', 'MODERATOR_EMAILS', DELETED_USER_NAME],
    ]);
  });

  it('frees the e-mail address and the username to register again', async () => {
    const res = await as(ctx).post('/api/register', {
      firstName: 'Leonora',
      lastName: 'Again',
      username: original.username,
      sfsu_email: original.email,
      password: 'a-new-password',
      confirmPassword: 'a-new-password',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.user_id).not.toBe(leaver.user.user_id);
  });
});
