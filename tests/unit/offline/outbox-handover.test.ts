/**
 * The outbox with a drop-off's proof (decision 022): the code and the photo Blob wait in
 * IndexedDB with the status and go in the replayed PUT; a code the server refuses (422 wrong,
 * 429 locked) is dropped at once, marked, never retried with the same code, and later changes
 * still go.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX } from '#shared/outbox-names.js';
import { replayOutbox } from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbOutboxStore } from '#shared/outbox-store.js';
import { fakeServer } from './fake-server';

const COURIER = 7;
const CODE = '4821';

/** The fake delivery API, with a handover code on delivery 1 and the body of every PUT kept. */
function setup() {
  const server = fakeServer([
    { delivery_id: 1, delivery_status: 'Picked Up', courier_id: COURIER },
    { delivery_id: 2, delivery_status: 'Assigned', courier_id: COURIER },
  ]);
  const bodies: Record<string, unknown>[] = [];
  let answer: 422 | 429 = 422;
  const fetch = async (input: string, init: RequestInit = {}) => {
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      if (
        input.endsWith('/1') &&
        body.delivery_status === 'Delivered' &&
        body.handover_code !== CODE
      )
        return new Response(
          JSON.stringify({ message: 'That handover code is not right.', code: 'validation' }),
          {
            status: answer,
          },
        );
    }
    return server.fetch(input, init);
  };
  const store = idbOutboxStore(createStore(OUTBOX.db, OUTBOX.store));
  const replay = () =>
    replayOutbox({
      store,
      transport: httpTransport(fetch),
      withLock: (task) => withOutboxLock('test-lock', task),
    });
  return { server, store, replay, bodies, lockNext: () => (answer = 429) };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('a drop-off with its proof in the outbox', () => {
  it('keeps the code and the photo with the status, and sends them on replay', async () => {
    const { server, store, replay, bodies } = setup();
    const photo = {
      type: 'image/jpeg',
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).buffer,
    };
    await store.add({
      deliveryId: 1,
      courierId: COURIER,
      status: 'Delivered',
      details: { handoverCode: CODE, photo },
    });
    const [kept] = await store.list();
    expect(kept!.details!.handoverCode).toBe(CODE);
    expect(new Uint8Array(kept!.details!.photo!.bytes)).toEqual(new Uint8Array(photo.bytes));

    const result = await replay();
    expect(result.applied).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      delivery_status: 'Delivered',
      handover_code: CODE,
      proof_photo: `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64')}`,
    });
    expect(server.deliveries.get(1)!.delivery_status).toBe('Delivered');
    expect(await store.list()).toEqual([]);
  });

  it('drops a wrong code with the server’s words and goes on with later changes', async () => {
    const { store, replay, server } = setup();
    await store.add({
      deliveryId: 1,
      courierId: COURIER,
      status: 'Delivered',
      details: { handoverCode: '0000' },
    });
    await store.add({ deliveryId: 2, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.dropped).toEqual([
      {
        entry: expect.objectContaining({ deliveryId: 1 }),
        message: 'That handover code is not right.',
        handoverRefused: true,
      },
    ]);
    expect(result.stopped).toBe('drained');
    expect(server.deliveries.get(1)!.delivery_status).toBe('Picked Up');
    expect(server.deliveries.get(2)!.delivery_status).toBe('Picked Up');
    expect(await store.list()).toEqual([]);
  });

  it('drops a drop-off refused for a lock (429) instead of retrying the same code', async () => {
    const { store, replay, bodies, lockNext } = setup();
    lockNext();
    await store.add({
      deliveryId: 1,
      courierId: COURIER,
      status: 'Delivered',
      details: { handoverCode: '0000' },
    });
    const result = await replay();
    expect(result.stopped).toBe('drained');
    expect(result.dropped[0]).toMatchObject({ handoverRefused: true });
    expect(bodies).toHaveLength(1);
  });

  it('sends a return with its reason and note', async () => {
    const { store, replay, bodies, server } = setup();
    await store.add({
      deliveryId: 1,
      courierId: COURIER,
      status: 'Returned',
      details: { reason: 'buyer_not_there', note: 'Waited 10 minutes' },
    });
    await replay();
    expect(bodies[0]).toMatchObject({
      delivery_status: 'Returned',
      reason: 'buyer_not_there',
      note: 'Waited 10 minutes',
    });
    expect(server.deliveries.get(1)!.delivery_status).toBe('Returned');
  });
});
