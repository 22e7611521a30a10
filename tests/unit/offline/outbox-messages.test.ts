import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX } from '#shared/outbox-names.js';
import { replayOutbox, type NewMessageEntry } from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbOutboxStore } from '#shared/outbox-store.js';
import { fakeServer } from './fake-server';

const BUYER = 7;
const SELLER = 3;
const openStore = () => idbOutboxStore(createStore(OUTBOX.db, OUTBOX.store));
const local = <T>(task: () => Promise<T>) => withOutboxLock('test-lock', task);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Stored {
  message_id: number;
  sender_id: number;
  receiver_id: number;
  listing_id: number;
  content: string;
  client_id: string;
}

/**
 * The delivery stand-in plus POST /api/direct_message as the server keeps it: once per sender
 * and client_id (tests/api/messages/messages.test.ts checks the real one on both engines).
 */
function setup() {
  const deliveries = fakeServer([
    { delivery_id: 1, delivery_status: 'Assigned', courier_id: BUYER },
  ]);
  const chat = {
    stored: [] as Stored[],
    posts: [] as { body: Omit<Stored, 'message_id'>; key: string | null }[],
    /** A refusal the next posts get (a block: 403), or 'lost': stored, but no answer arrives. */
    refuse: null as null | { status: number; message: string } | 'lost',
  };
  const fetchFn = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (input !== '/api/direct_message') return deliveries.fetch(input, init);
    if (deliveries.failure === 'down') throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init.body)) as Omit<Stored, 'message_id'>;
    chat.posts.push({ body, key: new Headers(init.headers).get('idempotency-key') });
    if (chat.refuse && chat.refuse !== 'lost')
      return json(chat.refuse.status, { message: chat.refuse.message, code: 'forbidden' });
    const before = chat.stored.find(
      (m) => m.sender_id === body.sender_id && m.client_id === body.client_id,
    );
    const message = before ?? { message_id: chat.stored.length + 1, ...body };
    if (!before) chat.stored.push(message);
    if (chat.refuse === 'lost') throw new TypeError('Failed to fetch');
    return json(before ? 200 : 201, message);
  };
  const store = openStore();
  const replay = () => replayOutbox({ store, transport: httpTransport(fetchFn), withLock: local });
  return { deliveries, chat, store, replay };
}

const message = (content: string, key: string, senderId = BUYER): NewMessageEntry => ({
  kind: 'message',
  senderId,
  key,
  message: { receiver_id: SELLER, listing_id: 11, content, client_id: key },
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('chat messages in the outbox', () => {
  it('keeps a message once however often Send adds it, in order with status changes', async () => {
    const { store } = setup();
    await store.add({ deliveryId: 1, courierId: BUYER, status: 'Picked Up' }, 1000);
    await store.add(message('Still for sale?', 'k-1'), 1001);
    await store.add(message('Still for sale?', 'k-1'), 1002);
    const entries = await store.list();
    expect(entries.map((e) => e.kind ?? 'status')).toEqual(['status', 'message']);
    expect(entries[1]).toMatchObject({
      kind: 'message',
      senderId: BUYER,
      key: 'k-1',
      attempts: 0,
      message: { content: 'Still for sale?', client_id: 'k-1' },
    });
  });

  it('sends each with its client_id and Idempotency-Key, and hands back the stored message', async () => {
    const { chat, store, replay } = setup();
    await store.add(message('Is it still available?', 'k-2'));
    const result = await replay();
    expect(result.stopped).toBe('drained');
    expect(chat.posts).toEqual([
      {
        body: {
          sender_id: BUYER,
          receiver_id: SELLER,
          listing_id: 11,
          content: 'Is it still available?',
          client_id: 'k-2',
        },
        key: '"k-2"',
      },
    ]);
    expect(result.delivered).toEqual([chat.stored[0]]);
    expect(await store.list()).toEqual([]);
  });

  it('waits while the network is down, and after a lost answer the replay stores nothing new', async () => {
    const { deliveries, chat, store, replay } = setup();
    await store.add(message('Can you hold it?', 'k-3'));
    deliveries.failure = 'down';
    const offline = await replay();
    expect(offline.stopped).toBe('retry');
    expect(offline.remaining).toHaveLength(1);
    expect(chat.stored).toEqual([]);

    deliveries.failure = null;
    chat.refuse = 'lost';
    const lost = await replay();
    expect(lost.stopped).toBe('retry');
    // The server has it; the phone does not know: it stays waiting, with the try counted.
    expect(chat.stored).toHaveLength(1);
    expect((await store.list())[0]).toMatchObject({ attempts: 1 });

    chat.refuse = null;
    const back = await replay();
    expect(back.stopped).toBe('drained');
    expect(chat.stored).toHaveLength(1);
    expect(back.delivered).toEqual([chat.stored[0]]);
  });

  it('drops a message the server refuses for its own reason, with that reason, and goes on', async () => {
    const { chat, store, replay } = setup();
    await store.add(message('Hello?', 'k-4'), 1000);
    await store.add({ deliveryId: 1, courierId: BUYER, status: 'Picked Up' }, 1001);
    chat.refuse = { status: 403, message: 'You cannot message this person.' };
    const result = await replay();
    expect(result.dropped.map((d) => d.message)).toEqual(['You cannot message this person.']);
    expect(result.applied.map((e) => e.status)).toEqual(['Picked Up']);
    expect(result.stopped).toBe('drained');
    expect(chat.stored).toEqual([]);
  });

  it('sends only the signed-in person’s messages', async () => {
    const { chat, store, replay } = setup();
    await store.add(message('From someone else', 'k-5', 42));
    const result = await replay();
    expect(result.stopped).toBe('drained');
    expect(chat.posts).toEqual([]);
    expect(result.remaining).toHaveLength(1);
  });
});
