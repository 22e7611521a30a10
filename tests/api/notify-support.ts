/** Reading what people were told: the notification centre, and the queues drained. */
import { expect } from 'vitest';
import type { NotificationsPage } from '#shared/schemas/notifications.js';
import { as, type Actor, type TestContext } from './harness.js';

/** Waits until a queue holds nothing waiting or in hand (sent, told or given up). */
export async function queueDrained(
  ctx: TestContext,
  table: 'notification_events' | 'push_outbox' | 'mail_outbox',
  timeout = 10_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const row = await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['queued', 'sending'])
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
      { timeout, interval: 25 },
    )
    .toBe(0);
}

/** Waits until every domain event raised so far was told (the worker emptied the queue). */
export const allTold = (ctx: TestContext) => queueDrained(ctx, 'notification_events');

/** `from` writes to `to` about a listing, through the API (a conversation, a dealing). */
export async function sendMessage(
  ctx: TestContext,
  from: Actor,
  to: Actor,
  listingId: number,
  content = 'Is it still available?',
) {
  const res = await as(ctx, from).post('/api/direct_message', {
    sender_id: from.user.user_id,
    receiver_id: to.user.user_id,
    listing_id: listingId,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** `author` reviews `seller` through the API. */
export function review(
  ctx: TestContext,
  author: Actor,
  seller: Actor,
  rating: number,
  comment: string,
) {
  return as(ctx, author).post('/api/review', {
    author_id: author.user.user_id,
    vendor_id: seller.user.user_id,
    rating,
    comment,
  });
}

/** The person's notification centre (first page), once everything raised so far was told. */
export async function centreOf(ctx: TestContext, actor: Actor): Promise<NotificationsPage> {
  await allTold(ctx);
  const res = await as(ctx, actor).get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsPage>();
}

/** The kinds in the person's centre, newest first. */
export async function kindsOf(ctx: TestContext, actor: Actor): Promise<string[]> {
  return (await centreOf(ctx, actor)).items.map((item) => item.kind);
}

/** Puts a courier on shift (or off) through the API, as the shift toggle does. */
export async function setShift(ctx: TestContext, courier: Actor, onShift: boolean) {
  const res = await as(ctx, courier).put(`/api/user/${courier.user.user_id}`, {
    on_shift: onShift ? 1 : 0,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves a delivery through the API as its courier. */
export async function move(
  ctx: TestContext,
  courier: Actor,
  deliveryId: number,
  status: string,
  expected = 200,
) {
  const res = await as(ctx, courier).put(`/api/delivery_instruction/${deliveryId}`, {
    delivery_status: status,
    ...(status === 'Assigned' && { courier_id: courier.user.user_id }),
    ...(status === 'Unassigned' && { courier_id: null }),
  });
  expect(res.statusCode, res.body).toBe(expected);
  return res;
}

/**
 * A phone of `owner`'s subscribed to push (stored as the API stores it) with one message in the
 * push queue, `status` (a failed one with its `last_error`); answers the subscription's id.
 */
export async function pushWaiting(
  ctx: TestContext,
  owner: Actor,
  endpoint: string,
  status: 'queued' | 'failed',
  last_error: string | null = null,
): Promise<number> {
  const now = new Date().toISOString();
  const { subscription_id } = await ctx.database.db
    .insertInto('push_subscriptions')
    .values({
      user_id: owner.user.user_id,
      endpoint,
      p256dh: 'key',
      auth: 'secret',
      session_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('subscription_id')
    .executeTakeFirstOrThrow();
  await ctx.database.db
    .insertInto('push_outbox')
    .values({
      subscription_id,
      payload: '{}',
      topic: null,
      urgency: 'normal',
      ttl: 60,
      status,
      next_attempt_at: now,
      lease_until: null,
      last_error,
      created_at: now,
    })
    .execute();
  return subscription_id;
}
