import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX } from '#shared/outbox-names.js';
import { REASSIGNED_MESSAGE, backoffMs, replayOutbox, type OutboxStore } from '#shared/outbox.js';
import type { DeliveryStatus } from '#shared/delivery.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbOutboxStore } from '#shared/outbox-store.js';
import { fakeServer } from './fake-server';

const COURIER = 7;
const openStore = () => idbOutboxStore(createStore(OUTBOX.db, OUTBOX.store));
const local = <T>(task: () => Promise<T>) => withOutboxLock('test-lock', task);

function setup(
  deliveries: { delivery_id: number; delivery_status: DeliveryStatus }[] = [
    { delivery_id: 1, delivery_status: 'Assigned' },
  ],
) {
  const server = fakeServer(deliveries.map((d) => ({ ...d, courier_id: COURIER })));
  const store = openStore();
  const replay = (s: OutboxStore = store) =>
    replayOutbox({ store: s, transport: httpTransport(server.fetch), withLock: local });
  return { server, store, replay };
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory();
});

describe('the outbox store', () => {
  it('keeps entries in the order they were made, with the device time', async () => {
    const store = openStore();
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' }, 1000);
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' }, 1000);
    await store.add({ deliveryId: 2, courierId: COURIER, status: 'Picked Up' }, 900);
    const entries = await store.list();
    expect(entries.map((e) => [e.deliveryId, e.status])).toEqual([
      [1, 'Picked Up'],
      [1, 'Delivered'],
      [2, 'Picked Up'],
    ]);
    expect(entries[0]!.deviceTime).toBe(new Date(1000).toISOString());
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
  });

  it('does not queue the same change twice', async () => {
    const store = openStore();
    const first = await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    const again = await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    expect(again.id).toBe(first.id);
    expect(await store.list()).toHaveLength(1);
  });

  it('survives closing and reopening (a reload or browser restart)', async () => {
    await openStore().add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    expect(await openStore().list()).toHaveLength(1);
  });
});

describe('replaying the outbox', () => {
  it('sends in order and removes each entry the server accepted', async () => {
    const { server, store, replay } = setup([
      { delivery_id: 1, delivery_status: 'Assigned' },
      { delivery_id: 2, delivery_status: 'Assigned' },
    ]);
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' }, 1000);
    await store.add({ deliveryId: 2, courierId: COURIER, status: 'Picked Up' }, 2000);
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' }, 3000);

    const result = await replay();

    expect(result.stopped).toBe('drained');
    expect(result.applied).toHaveLength(3);
    expect(server.events).toEqual([
      { deliveryId: 1, status: 'Picked Up', deviceAt: new Date(1000).toISOString() },
      { deliveryId: 2, status: 'Picked Up', deviceAt: new Date(2000).toISOString() },
      { deliveryId: 1, status: 'Delivered', deviceAt: new Date(3000).toISOString() },
    ]);
    expect(await store.list()).toEqual([]);
  });

  it('treats a repeat of the current status (200) as done', async () => {
    const { server, store, replay } = setup([{ delivery_id: 1, delivery_status: 'Picked Up' }]);
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.applied).toHaveLength(1);
    expect(server.events).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('keeps everything on 401 and continues after sign-in', async () => {
    const { server, store, replay } = setup();
    server.user = null;
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' });

    const waiting = await replay();
    expect(waiting.stopped).toBe('auth');
    expect(waiting.remaining).toHaveLength(2);

    server.user = COURIER;
    const landed = await replay();
    expect(landed.stopped).toBe('drained');
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
  });

  it('drops an update for a delivery that was reassigned and says so', async () => {
    const { server, store, replay } = setup();
    server.deliveries.get(1)!.courier_id = 99;
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.dropped).toEqual([
      { entry: expect.objectContaining({ deliveryId: 1 }), message: REASSIGNED_MESSAGE },
    ]);
    expect(result.stopped).toBe('drained');
    expect(await store.list()).toEqual([]);
  });

  it('drops a 409 for a move that is no longer possible, and goes on with the rest', async () => {
    const { server, store, replay } = setup([
      { delivery_id: 1, delivery_status: 'Assigned' },
      { delivery_id: 2, delivery_status: 'Assigned' },
    ]);
    // Delivered straight from Assigned is illegal: 409.
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' });
    await store.add({ deliveryId: 2, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.dropped.map((d) => d.message)).toEqual([REASSIGNED_MESSAGE]);
    expect(server.events).toEqual([expect.objectContaining({ deliveryId: 2 })]);
    expect(await store.list()).toEqual([]);
  });

  it('counts a 409 as done when the delivery is already past that step with us', async () => {
    const { server, store, replay } = setup([{ delivery_id: 1, delivery_status: 'Delivered' }]);
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.dropped).toEqual([]);
    expect(result.applied).toHaveLength(1);
    expect(server.events).toEqual([]);
  });

  it.each([['down' as const], [503], [500], [429]])(
    'keeps the entry and stops on %s, then retries with backoff',
    async (failure) => {
      const { server, store, replay } = setup();
      await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
      await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' });
      server.failure = failure;

      const first = await replay();
      expect(first.stopped).toBe('retry');
      expect(first.remaining.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
      if (failure !== 'down') {
        expect(first.remaining[0]!.attempts).toBe(1);
        // Nothing overtook the failed entry.
        expect(server.puts).toEqual([{ deliveryId: 1, status: 'Picked Up' }]);
      }

      server.failure = null;
      const second = await replay();
      expect(second.stopped).toBe('drained');
      expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
    },
  );

  it('backs off longer after each failure, up to five minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(50)).toBe(5 * 60_000);
  });

  it('leaves other couriers’ entries for when they sign in', async () => {
    const { server, store, replay } = setup();
    await store.add({ deliveryId: 1, courierId: 42, status: 'Picked Up' });
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    const result = await replay();
    expect(result.applied.map((e) => e.courierId)).toEqual([COURIER]);
    expect(result.remaining.map((e) => e.courierId)).toEqual([42]);
    expect(server.puts).toHaveLength(1);
  });

  it('is harmless to replay an update that was applied just before a crash', async () => {
    const { server, store, replay } = setup();
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
    await store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' });
    // The tab dies after the server applied Picked Up but before the entry was deleted.
    const crashing: OutboxStore = {
      ...store,
      remove: () => Promise.reject(new Error('tab closed')),
    };
    await expect(replay(crashing)).rejects.toThrow('tab closed');
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up']);
    expect(await store.list()).toHaveLength(2);

    const after = await replay();
    expect(after.stopped).toBe('drained');
    expect(server.puts.map((p) => p.status)).toEqual(['Picked Up', 'Picked Up', 'Delivered']);
    // Applied exactly once each.
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
  });
});
