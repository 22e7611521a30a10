/**
 * Idempotency-Key on every create a person triggers (docs/decisions/021-lie-fi-and-idempotency-keys.md):
 * same key and same request, the first answer and one row; same key and another request, 422;
 * keys belong to one account; a failed first try leaves the key free; 24 hours, then new.
 */
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEYS_PER_ACCOUNT,
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaderValue,
} from '#shared/idempotency.js';
import {
  codedDelivery,
  courier,
  customerOf,
  listingBody,
  moveAlong,
  parties,
  unassignedDelivery,
} from '../data.js';
import {
  appForFile,
  as,
  countRows,
  rowsOf,
  signedInUser,
  withSecondInstance,
  type Actor,
  type TestContext,
} from '../harness.js';

const ctx = await appForFile();

let counter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++counter}`;

type Method = 'POST' | 'PUT';
function send(
  on: TestContext,
  actor: Actor,
  method: Method,
  url: string,
  body: unknown,
  key?: string,
) {
  return as(on, actor).raw({
    method,
    url,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...(key !== undefined && { 'idempotency-key': idempotencyHeaderValue(key) }),
    },
  });
}

/** A message sent by `actor` (on `on`, this file's app unless named), with a key when given. */
const say = (actor: Actor, body: unknown, key?: string, on = ctx) =>
  send(on, actor, 'POST', '/api/direct_message', body, key);

/** How many messages are stored. */
const messageCount = async () => (await countRows(ctx)).direct_messages!;

/** The buyer's message to the seller about the listing of `parties`. */
function messageOf(p: Awaited<ReturnType<typeof parties>>, content: string) {
  return {
    sender_id: p.buyer.user.user_id,
    receiver_id: p.vendor.user.user_id,
    listing_id: p.listing_id,
    content,
  };
}

describe('Idempotency-Key on POST /api/direct_message', () => {
  it('answers a repeat with the first answer and stores one message', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'Is it still there?');
    const key = newKey();
    const before = await messageCount();
    const first = await say(p.buyer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    const again = await say(p.buyer, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(await messageCount()).toBe(before + 1);

    // The same text with a new key is a new message (a person may say the same thing twice).
    const second = await say(p.buyer, body, newKey());
    expect(second.statusCode).toBe(201);
    expect(second.json().message_id).not.toBe(first.json().message_id);
    expect(await messageCount()).toBe(before + 2);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'First words');
    const key = newKey();
    expect((await say(p.buyer, body, key)).statusCode).toBe(201);
    const before = await countRows(ctx);
    const other = await say(p.buyer, { ...body, content: 'Other words' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: expect.stringMatching(/already used for a different request/),
      code: 'idempotency_key_reused',
    });
    expect(await countRows(ctx)).toEqual(before);
  });

  it('keeps keys per account: two people with the same key each send their message', async () => {
    const p = await parties(ctx);
    const key = newKey();
    const before = await messageCount();
    for (const [from, to] of [
      [p.buyer, p.vendor],
      [p.stranger, p.vendor],
    ] as const) {
      const res = await say(
        from,
        {
          sender_id: from.user.user_id,
          receiver_id: to.user.user_id,
          listing_id: p.listing_id,
          content: 'Same key, other person',
        },
        key,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    }
    expect(await messageCount()).toBe(before + 2);
  });

  it('stores one message from a double tap: two requests with one key at the same moment', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'Tapped twice');
    const key = newKey();
    const before = await messageCount();
    const answers = await Promise.all([1, 2, 3].map(() => say(p.buyer, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().message_id)).size).toBe(1);
    expect(await messageCount()).toBe(before + 1);
  });

  it('leaves the key free after a refused first try, so the corrected repeat goes through', async () => {
    const p = await parties(ctx);
    const blank = messageOf(p, '   ');
    const key = newKey();
    // 400 comes before the key is looked at; a 404 after it: neither keeps the key.
    expect((await say(p.buyer, blank, key)).statusCode).toBe(400);
    const missing = { ...blank, content: 'Hello', listing_id: 999_999 };
    expect((await say(p.buyer, missing, key)).statusCode).toBe(404);
    // Free by the time the answer arrives, not some time after: the client may repeat at once.
    const kept = await ctx.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .execute();
    expect(kept).toEqual([]);
    const fixed = await say(p.buyer, { ...missing, listing_id: p.listing_id }, key);
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('refuses a malformed key with 400 and changes nothing; 401 still comes first', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'Hi');
    const before = await countRows(ctx);
    for (const bad of ['', '""', 'two words', 'x'.repeat(256), 'naïve']) {
      const res = await as(ctx, p.buyer).raw({
        method: 'POST',
        url: '/api/direct_message',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'idempotency-key': bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        message: 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is best).',
        code: 'validation',
      });
    }
    const visitor = await as(ctx).raw({
      method: 'POST',
      url: '/api/direct_message',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': '' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await countRows(ctx)).toEqual(before);
  });

  it('takes a bare key as well as the quoted one the draft writes', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'Quoted or not');
    const key = newKey();
    const quoted = await say(p.buyer, body, key);
    const bare = await as(ctx, p.buyer).raw({
      method: 'POST',
      url: '/api/direct_message',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toEqual(quoted.json());
  });

  it('forgets a key after 24 hours: the same key is then a new request', async () => {
    const p = await parties(ctx);
    const body = messageOf(p, 'Yesterday');
    const key = newKey();
    const first = await say(p.buyer, body, key);
    // A day passes.
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    const later = await say(p.buyer, body, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().message_id).not.toBe(first.json().message_id);
    const kept = await ctx.database.db
      .selectFrom('idempotency_keys')
      .select(['created_at', 'expires_at'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Date.parse(kept.expires_at) - Date.parse(kept.created_at)).toBe(24 * 60 * 60 * 1000);
  });
});

describe('Idempotency-Key storage per account', () => {
  it('keeps at most IDEMPOTENCY_KEYS_PER_ACCOUNT keys, evicting the oldest answered ones', async () => {
    const d = await unassignedDelivery(ctx);
    const tom = await courier(ctx);
    const url = `/api/delivery_instruction/${d.delivery.delivery_id}`;
    await moveAlong(ctx, tom, d.delivery, ['Assigned', 'Picked Up']);
    const keysOf = async () => (await rowsOf(ctx, 'idempotency_keys', tom)).map((row) => row.key);
    // The attack: a repeat of PICKED UP (200 each time) with a fresh 250-character key, 300 times.
    const keys: string[] = [];
    for (let i = 0; i < IDEMPOTENCY_KEYS_PER_ACCOUNT + 100; i++) {
      const key = `${String(i).padStart(4, '0')}-${'k'.repeat(245)}`;
      keys.push(key);
      const res = await send(ctx, tom, 'PUT', url, { delivery_status: 'Picked Up' }, key);
      expect(res.statusCode, res.body).toBe(200);
    }
    const kept = await keysOf();
    expect(kept.length).toBe(IDEMPOTENCY_KEYS_PER_ACCOUNT);
    // The newest are the ones kept, and still replay their first answer.
    expect(new Set(kept)).toEqual(new Set(keys.slice(-IDEMPOTENCY_KEYS_PER_ACCOUNT)));
    const replayed = await send(
      ctx,
      tom,
      'PUT',
      url,
      { delivery_status: 'Picked Up' },
      keys.at(-1),
    );
    expect(replayed.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    // Another person's keys are theirs: none of the courier's evictions touched them.
    const p = await parties(ctx);
    const mine = newKey();
    await say(p.buyer, messageOf(p, 'Still here'), mine);
    const buyerKeys = await ctx.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', p.buyer.user.user_id)
      .execute();
    expect(buyerKeys.map((row) => row.key)).toEqual([mine]);
  });
});

describe('Idempotency-Key on the other creates', () => {
  it('a review (after a conversation with the seller): one review, the first answer', async () => {
    const seller = await signedInUser(ctx);
    // Reviews follow dealings: the reviewer has talked with the seller first.
    const reviewer = await customerOf(ctx, seller);
    const body = {
      author_id: reviewer.user.user_id,
      vendor_id: seller.user.user_id,
      rating: 4,
      comment: 'Friendly',
    };
    const key = newKey();
    const first = await send(ctx, reviewer, 'POST', '/api/review', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(ctx, reviewer, 'POST', '/api/review', body, key);
    // Without the key this would be 409 "already reviewed"; with it, the first answer.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await send(ctx, reviewer, 'POST', '/api/review', { ...body, rating: 2 }, key);
    expect(other.statusCode).toBe(422);
  });

  it('a delivery request: the repeat gets the 201, not "Request Already Sent"', async () => {
    const p = await parties(ctx);
    const body = {
      buyer_id: p.buyer.user.user_id,
      vendor_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      dropoff: 'Library',
    };
    const key = newKey();
    const first = await send(ctx, p.buyer, 'POST', '/api/delivery_request', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(ctx, p.buyer, 'POST', '/api/delivery_request', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Without a key the spec's answer stays.
    const plain = await send(ctx, p.buyer, 'POST', '/api/delivery_request', body);
    expect(plain.statusCode).toBe(409);
  });

  it('a listing with its picture: one listing', async () => {
    const vendor = await signedInUser(ctx);
    const body = await listingBody(vendor, { title: 'Idempotent lamp' });
    const key = newKey();
    const before = await countRows(ctx);
    const first = await send(ctx, vendor, 'POST', '/api/listing', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(ctx, vendor, 'POST', '/api/listing', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await countRows(ctx)).listings).toBe(before.listings! + 1);
  });

  it("a courier's status updates: the replay of a step already passed is its first answer", async () => {
    const d = await unassignedDelivery(ctx);
    const tom = await courier(ctx);
    const url = `/api/delivery_instruction/${d.delivery.delivery_id}`;
    expect(
      (
        await send(ctx, tom, 'PUT', url, {
          delivery_status: 'Assigned',
          courier_id: tom.user.user_id,
        })
      ).statusCode,
    ).toBe(200);
    const pickedUp = { delivery_status: 'Picked Up', device_time: new Date().toISOString() };
    const key = newKey();
    const first = await send(ctx, tom, 'PUT', url, pickedUp, key);
    expect(first.statusCode, first.body).toBe(200);
    const delivered = await send(ctx, tom, 'PUT', url, { delivery_status: 'Delivered' }, newKey());
    expect(delivered.json().delivery_status).toBe('Delivered');
    // An outbox replaying PICKED UP late gets what it got then, not a 409.
    const late = await send(ctx, tom, 'PUT', url, pickedUp, key);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(first.json());
    const events = await as(ctx, tom).get(`${url}/events`);
    expect(events.json().map((e: { delivery_status: string }) => e.delivery_status)).toEqual([
      'Assigned',
      'Picked Up',
      'Delivered',
    ]);
  });
});

describe('Idempotency-Key on the moves and creates of a delivery with proof', () => {
  it("a drop-off with the buyer's code replayed after a lost answer: its first answer", async () => {
    const tom = await courier(ctx);
    const d = await codedDelivery(ctx, tom);
    const url = `/api/delivery_instruction/${d.delivery.delivery_id}`;
    const body = { delivery_status: 'Delivered', handover_code: d.code };
    const key = newKey();
    const first = await send(ctx, tom, 'PUT', url, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(ctx, tom, 'PUT', url, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The same key with another code is another request.
    const other = await send(ctx, tom, 'PUT', url, { ...body, handover_code: '9999' }, key);
    expect(other.statusCode).toBe(422);
  });

  it('a return replayed after a lost answer: its first answer, one event', async () => {
    const d = await unassignedDelivery(ctx);
    const tom = await courier(ctx);
    await moveAlong(ctx, tom, d.delivery, ['Assigned', 'Picked Up']);
    const url = `/api/delivery_instruction/${d.delivery.delivery_id}`;
    const body = { delivery_status: 'Returned', reason: 'buyer_not_there', note: 'Rang twice' };
    const key = newKey();
    const first = await send(ctx, tom, 'PUT', url, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(ctx, tom, 'PUT', url, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events = await as(ctx, tom).get(`${url}/events`);
    expect(events.json().map((e: { delivery_status: string }) => e.delivery_status)).toEqual([
      'Assigned',
      'Picked Up',
      'Returned',
    ]);
  });

  it('a courier rating: the repeat gets the 201, not "already rated"', async () => {
    const d = await unassignedDelivery(ctx);
    const tom = await courier(ctx);
    await moveAlong(ctx, tom, d.delivery, ['Assigned', 'Picked Up', 'Delivered']);
    const url = `/api/delivery_instruction/${d.delivery.delivery_id}/rating`;
    const body = { rating: 5, comment: 'Quick' };
    const key = newKey();
    const first = await send(ctx, d.buyer, 'POST', url, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(ctx, d.buyer, 'POST', url, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Without the key the second rating is refused as before.
    const plain = await send(ctx, d.buyer, 'POST', url, body);
    expect(plain.statusCode).toBe(409);
  });
});

describe('Idempotency-Key across instances', () => {
  it('a repeat that reaches another instance gets the first answer', async () => {
    await withSecondInstance(ctx, async (other) => {
      const p = await parties(ctx);
      const body = messageOf(p, 'Sent through two instances');
      const key = newKey();
      const before = await messageCount();
      const [onA, onB] = await Promise.all([
        say(p.buyer, body, key),
        say(p.buyer, body, key, other),
      ]);
      expect([onA.statusCode, onB.statusCode]).toEqual([201, 201]);
      expect(onB.json()).toEqual(onA.json());
      expect(await messageCount()).toBe(before + 1);
    });
  });
});
