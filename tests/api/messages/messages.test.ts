import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage } from '#shared/schemas/messages.js';
import { listingOf, parties, type Parties } from '../data.js';
import { appForFile, as, countRows, expectRefusedCounting, signedInUser } from '../harness.js';

const ctx = await appForFile();
const p = await parties(ctx);

const message = (from: Parties['buyer'], to: Parties['buyer'], content = 'Is this available?') => ({
  sender_id: from.user.user_id,
  receiver_id: to.user.user_id,
  listing_id: p.listing_id,
  content,
});
const contents = (res: { json: () => DirectMessage[] }) => res.json().map((m) => m.content);

describe('POST /api/direct_message', () => {
  it('sends a buyer’s message to the seller and the seller’s answer back', async () => {
    const sent = message(p.buyer, p.vendor);
    const res = await as(ctx, p.buyer).post('/api/direct_message', sent);
    expect(res.statusCode, res.body).toBe(201);
    // What was sent (sender, receiver, listing, 'Is this available?'), stored and named.
    expect(res.json()).toEqual({
      message_id: expect.any(Number),
      ...sent,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read_at: null,
      sender_username: p.buyer.user.username,
      receiver_username: p.vendor.user.username,
      title: expect.any(String),
      thumbnail: null,
      client_id: null,
    });
    const reply = await as(ctx, p.vendor).post(
      '/api/direct_message',
      message(p.vendor, p.buyer, 'Yes, it is.'),
    );
    expect(reply.statusCode).toBe(201);
  });

  it('trims the message text', async () => {
    const res = await as(ctx, p.buyer).post(
      '/api/direct_message',
      message(p.buyer, p.vendor, '  Still there?  '),
    );
    expect(res.json().content).toBe('Still there?');
  });

  it('refuses to act as someone else or to message outside a listing’s conversation', async () => {
    const rows = await countRows(ctx);
    expect((await as(ctx).post('/api/direct_message', message(p.buyer, p.vendor))).statusCode).toBe(
      401,
    );
    const forged = await as(ctx, p.stranger).post(
      '/api/direct_message',
      message(p.buyer, p.vendor),
    );
    expect(forged.statusCode).toBe(403);
    // Neither side is the listing's seller and they never talked about it.
    const offTopic = await as(ctx, p.stranger).post(
      '/api/direct_message',
      message(p.stranger, p.buyer),
    );
    expect(offTopic.statusCode).toBe(403);
    expect(await countRows(ctx)).toEqual(rows);
  });

  it.each([
    ['an empty message', { content: '' }, 400],
    ['a whitespace-only message', { content: ' \n\t ' }, 400],
    ['a missing message', { content: undefined }, 400],
    ['a message over 2000 characters', { content: 'x'.repeat(2001) }, 400],
    ['a listing id in hexadecimal', { listing_id: '0x1' }, 400],
    ['an extra field', { read_at: '2026-01-01T00:00:00Z' }, 400],
    ['a message to oneself', { receiver_id: p.buyer.user.user_id }, 400],
    ['an unknown listing', { listing_id: 999999 }, 404],
    ['an unknown receiver', { receiver_id: 999999 }, 404],
  ])('refuses %s and stores nothing', async (_label, overrides, status) => {
    const body: Record<string, unknown> = { ...message(p.buyer, p.vendor), ...overrides };
    await expectRefusedCounting(
      ctx,
      () => as(ctx, p.buyer).post('/api/direct_message', body),
      status,
    );
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await as(ctx, p.buyer).raw({
      method: 'POST',
      url: '/api/direct_message',
      payload: '{"content": "hi"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'malformed',
    });
  });
});

describe('a message with the id its device made (client_id)', () => {
  // Parties of its own: the conversations the other tests count stay as they were.
  let q: Parties;
  beforeAll(async () => {
    q = await parties(ctx);
  });
  const talk = (from: Parties['buyer'], to: Parties['buyer'], content = 'Still for sale?') => ({
    sender_id: from.user.user_id,
    receiver_id: to.user.user_id,
    listing_id: q.listing_id,
    content,
  });
  const withId = (clientId: string, content = 'Still for sale?') => ({
    ...talk(q.buyer, q.vendor, content),
    client_id: clientId,
  });
  const stored = (clientId: string) =>
    ctx.database.db
      .selectFrom('direct_messages')
      .select('message_id')
      .where('client_id', '=', clientId)
      .execute();

  it('is stored once: the same message sent again answers the stored one (200), no second row', async () => {
    const clientId = randomUUID();
    const first = await as(ctx, q.buyer).post('/api/direct_message', withId(clientId));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ client_id: clientId, content: 'Still for sale?' });
    const rows = await countRows(ctx);
    // An outbox replay after a lost answer: long after any Idempotency-Key, and without one.
    const again = await as(ctx, q.buyer).post('/api/direct_message', withId(clientId));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(ctx)).toEqual(rows);
    expect(await stored(clientId)).toHaveLength(1);
    // The seller reads it once.
    const seen = (await as(ctx, q.vendor).get('/api/direct_message'))
      .json()
      .filter((m: DirectMessage) => m.client_id === clientId);
    expect(seen).toHaveLength(1);
  });

  it('stores one row when the same message arrives twice at once', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => as(ctx, q.buyer).post('/api/direct_message', withId(clientId))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().message_id));
    expect(ids.size).toBe(1);
    expect(await stored(clientId)).toHaveLength(1);
  });

  it('refuses another message under a used id with 422 client_id_reused and stores nothing', async () => {
    const clientId = randomUUID();
    expect((await as(ctx, q.buyer).post('/api/direct_message', withId(clientId))).statusCode).toBe(
      201,
    );
    const rows = await countRows(ctx);
    const other = await as(ctx, q.buyer).post(
      '/api/direct_message',
      withId(clientId, 'Something else'),
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({ message: expect.any(String), code: 'client_id_reused' });
    expect(await countRows(ctx)).toEqual(rows);
  });

  it('is each sender’s own: the same id from another sender is another message', async () => {
    const clientId = randomUUID();
    expect((await as(ctx, q.buyer).post('/api/direct_message', withId(clientId))).statusCode).toBe(
      201,
    );
    const answer = await as(ctx, q.vendor).post('/api/direct_message', {
      ...talk(q.vendor, q.buyer, 'Yes, still here.'),
      client_id: clientId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await stored(clientId)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(65)],
    ['with a space', 'a b'],
    ['a number', 42],
    ['null', null],
  ])('refuses a client_id that is %s with 400 and stores nothing', async (_label, clientId) => {
    const rows = await countRows(ctx);
    const res = await as(ctx, q.buyer).post('/api/direct_message', {
      ...talk(q.buyer, q.vendor),
      client_id: clientId,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: expect.stringContaining('client_id'),
      code: 'validation',
    });
    expect(await countRows(ctx)).toEqual(rows);
  });

  it('answers a sender who is not the caller with 403 before looking at the id', async () => {
    const clientId = randomUUID();
    await as(ctx, q.buyer).post('/api/direct_message', withId(clientId));
    const forged = await as(ctx, q.stranger).post('/api/direct_message', withId(clientId));
    expect(forged.statusCode).toBe(403);
  });
});

describe('reading messages', () => {
  it('GET /api/direct_message gives only the caller’s own messages', async () => {
    const other = await signedInUser(ctx);
    const seller = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller);
    await as(ctx, other).post('/api/direct_message', {
      sender_id: other.user.user_id,
      receiver_id: seller.user.user_id,
      listing_id,
      content: 'Private question',
    });
    const mine = await as(ctx, p.buyer).get('/api/direct_message');
    expect(mine.statusCode).toBe(200);
    expect(contents(mine)).not.toContain('Private question');
    expect(
      mine
        .json()
        .every(
          (m: DirectMessage) =>
            m.sender_id === p.buyer.user.user_id || m.receiver_id === p.buyer.user.user_id,
        ),
    ).toBe(true);
    expect(contents(mine)).toEqual(expect.arrayContaining(['Is this available?', 'Yes, it is.']));
    expect(contents(await as(ctx, p.stranger).get('/api/direct_message'))).toEqual([]);
    expect((await as(ctx).get('/api/direct_message')).statusCode).toBe(401);
  });

  it('GET /api/direct_message/{user_id} is for that user only', async () => {
    const url = `/api/direct_message/${p.vendor.user.user_id}`;
    const own = await as(ctx, p.vendor).get(url);
    expect(own.statusCode).toBe(200);
    expect(contents(own)).toContain('Is this available?');
    expect((await as(ctx, p.buyer).get(url)).statusCode).toBe(403);
    expect((await as(ctx).get(url)).statusCode).toBe(401);
    expect((await as(ctx, p.vendor).get('/api/direct_message/abc')).statusCode).toBe(400);
  });

  it('GET /api/direct_message/listing-sender/get tells whether the caller wrote about a listing', async () => {
    const q = (id: number, listing = p.listing_id) =>
      `/api/direct_message/listing-sender/get?id=${id}&listing=${listing}`;
    const sent = await as(ctx, p.buyer).get(q(p.buyer.user.user_id));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().length).toBeGreaterThan(0);
    expect(sent.json().every((m: DirectMessage) => m.sender_id === p.buyer.user.user_id)).toBe(
      true,
    );
    expect((await as(ctx, p.stranger).get(q(p.stranger.user.user_id))).json()).toEqual([]);
    expect((await as(ctx, p.stranger).get(q(p.buyer.user.user_id))).statusCode).toBe(403);
    expect((await as(ctx).get(q(p.buyer.user.user_id))).statusCode).toBe(401);
    const missing = `/api/direct_message/listing-sender/get?id=${p.buyer.user.user_id}`;
    expect((await as(ctx, p.buyer).get(missing)).statusCode).toBe(400);
  });
});

describe('POST /api/direct_message/read', () => {
  it('marks what the caller received in one conversation as read, nothing else', async () => {
    const body = { listing_id: p.listing_id, other_user_id: p.buyer.user.user_id };
    const res = await as(ctx, p.vendor).post('/api/direct_message/read', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const vendorView = await as(ctx, p.vendor).get('/api/direct_message');
    for (const m of vendorView.json() as DirectMessage[]) {
      if (m.receiver_id === p.vendor.user.user_id) expect(m.read_at).toEqual(expect.any(String));
      else expect(m.read_at).toBeNull();
    }
    expect((await as(ctx, p.vendor).post('/api/direct_message/read', body)).json()).toEqual({
      updated: 0,
    });
  });

  it('refuses visitors and bad bodies', async () => {
    const body = { listing_id: p.listing_id, other_user_id: p.buyer.user.user_id };
    expect((await as(ctx).post('/api/direct_message/read', body)).statusCode).toBe(401);
    for (const bad of [{}, { ...body, listing_id: 'x' }, { ...body, extra: 1 }]) {
      expect((await as(ctx, p.vendor).post('/api/direct_message/read', bad)).statusCode).toBe(400);
    }
  });
});
