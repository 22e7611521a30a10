import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX } from '#shared/outbox-names.js';
import { replayOutbox, type NewSaleEntry } from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbOutboxStore } from '#shared/outbox-store.js';

const BUYER = 7;
const openStore = () => idbOutboxStore(createStore(OUTBOX.db, OUTBOX.store));
const local = <T>(task: () => Promise<T>) => withOutboxLock('test-lock', task);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * POST /api/offers as the server keeps it: one offer per Idempotency-Key (the real rules are in
 * tests/api/sales on both engines); `answer` overrides what the next posts get.
 */
function setup() {
  const server = {
    offers: new Map<string, { offer_id: number; amount: number }>(),
    requests: [] as { method: string; path: string; key: string | null }[],
    answer: null as null | 'down' | { status: number; body: unknown },
  };
  const fetchFn = async (input: string, init: RequestInit = {}): Promise<Response> => {
    await Promise.resolve();
    if (server.answer === 'down') throw new TypeError('Failed to fetch');
    if (input === '/api/me') return json(200, { user: { user_id: BUYER }, expiresAt: '' });
    const key = new Headers(init.headers).get('idempotency-key');
    server.requests.push({ method: init.method ?? 'GET', path: input, key });
    if (server.answer) return json(server.answer.status, server.answer.body);
    const body = JSON.parse(String(init.body)) as { amount: number };
    const before = server.offers.get(key!);
    const made = before ?? { offer_id: server.offers.size + 1, amount: body.amount };
    server.offers.set(key!, made);
    return json(201, made);
  };
  const store = openStore();
  const replay = () => replayOutbox({ store, transport: httpTransport(fetchFn), withLock: local });
  return { server, store, replay };
}

const offer = (amount: number, key: string, path = '/api/offers'): NewSaleEntry => ({
  kind: 'sale',
  userId: BUYER,
  key,
  request: {
    method: 'POST',
    path,
    body: { listing_id: 11, amount },
    listingId: 11,
    label: `your offer of $${amount}.00`,
  },
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('sale steps in the outbox', () => {
  it('keeps an offer once however often it is added, and sends it once with its key', async () => {
    const { server, store, replay } = setup();
    await store.add(offer(30, 'k-1'), 1000);
    await store.add(offer(30, 'k-1'), 1001);
    expect(await store.list()).toHaveLength(1);

    server.answer = 'down';
    expect((await replay()).stopped).toBe('retry');
    expect(await store.list()).toHaveLength(1);

    server.answer = null;
    const result = await replay();
    expect(result.stopped).toBe('drained');
    expect(result.applied.map((e) => e.kind)).toEqual(['sale']);
    // The Idempotency-Key header is a structured-field string: the key in quotes.
    expect(server.requests).toEqual([{ method: 'POST', path: '/api/offers', key: '"k-1"' }]);
    expect(server.offers.size).toBe(1);
    expect(await store.list()).toHaveLength(0);
  });

  it("drops a step the server refuses, with the server's words, and keeps one whose first try still runs", async () => {
    const { server, store, replay } = setup();
    await store.add(offer(30, 'k-1'), 1000);
    server.answer = {
      status: 409,
      body: { message: 'The first try is still running.', code: 'idempotency_in_progress' },
    };
    expect((await replay()).stopped).toBe('retry');
    expect(await store.list()).toHaveLength(1);

    server.answer = {
      status: 409,
      body: { message: 'This item is on hold for another buyer.', code: 'listing_on_hold' },
    };
    const result = await replay();
    expect(result.stopped).toBe('drained');
    expect(result.dropped.map((d) => d.message)).toEqual([
      'This item is on hold for another buyer.',
    ]);
    expect(await store.list()).toHaveLength(0);
  });

  it('sends a step only to the sales calls', async () => {
    const { server, store, replay } = setup();
    await store.add(offer(30, 'k-1', '/api/user/7'), 1000);
    const result = await replay();
    expect(server.requests).toEqual([]);
    expect(result.dropped.map((d) => d.message)).toEqual(['Not a sale step']);
  });
});
