import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX } from '#shared/outbox-names.js';
import { replayOutbox } from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbOutboxStore } from '#shared/outbox-store.js';
import { fakeServer } from './fake-server';

const COURIER = 7;

/** Web Locks as the browser gives them: one holder per name, the rest wait in turn. */
function fakeLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, callback: () => Promise<unknown>) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A page or the service worker: its own connection to the store, its own transport. */
function context(server: ReturnType<typeof fakeServer>) {
  const store = idbOutboxStore(createStore(OUTBOX.db, OUTBOX.store));
  return {
    store,
    replay: (withLock = <T>(task: () => Promise<T>) => withOutboxLock(OUTBOX.lock, task)) =>
      replayOutbox({ store, transport: httpTransport(server.fetch), withLock }),
  };
}

async function seed() {
  const server = fakeServer([
    { delivery_id: 1, delivery_status: 'Assigned', courier_id: COURIER },
    { delivery_id: 2, delivery_status: 'Assigned', courier_id: COURIER },
  ]);
  const page = context(server);
  const worker = context(server);
  await page.store.add({ deliveryId: 1, courierId: COURIER, status: 'Picked Up' });
  await page.store.add({ deliveryId: 1, courierId: COURIER, status: 'Delivered' });
  await page.store.add({ deliveryId: 2, courierId: COURIER, status: 'Picked Up' });
  return { server, page, worker };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('concurrent replayers', () => {
  it('page and worker replaying together send each entry exactly once (Web Locks)', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLockManager(), configurable: true });
    const { server, page, worker } = await seed();

    const results = await Promise.all([page.replay(), worker.replay(), page.replay()]);

    expect(server.puts).toEqual([
      { deliveryId: 1, status: 'Picked Up' },
      { deliveryId: 1, status: 'Delivered' },
      { deliveryId: 2, status: 'Picked Up' },
    ]);
    expect(results.flatMap((r) => r.applied)).toHaveLength(3);
    expect(await page.store.list()).toEqual([]);
  });

  it('without Web Locks, replayers in one page still take turns', async () => {
    expect('locks' in navigator).toBe(false);
    const { server, page } = await seed();
    await Promise.all([page.replay(), page.replay()]);
    expect(server.puts).toHaveLength(3);
  });

  it('the lock is what prevents duplicates (control: no lock sends twice)', async () => {
    const { server, page, worker } = await seed();
    const noLock = <T>(task: () => Promise<T>) => task();
    await Promise.all([page.replay(noLock), worker.replay(noLock)]);
    expect(server.puts.length).toBeGreaterThan(3);
    // Even then the server applied each change once: its transitions are idempotent.
    expect(server.events.map((e) => [e.deliveryId, e.status])).toEqual([
      [1, 'Picked Up'],
      [1, 'Delivered'],
      [2, 'Picked Up'],
    ]);
  });
});
