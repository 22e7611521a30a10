import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITE_DEADLINE_MS } from '#shared/deadlines.js';
import { REASSIGNED_MESSAGE } from '#shared/outbox.js';
import { fakeServer } from './fake-server';

const COURIER = 7;

/** A fresh page: new modules (their state lives in the module) over a fresh IndexedDB. */
async function openPage(initial = [{ delivery_id: 1, delivery_status: 'Assigned' as const }]) {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  const server = fakeServer(initial.map((d) => ({ ...d, courier_id: COURIER })));
  vi.stubGlobal('fetch', server.fetch);
  const outbox = await import('#client/lib/outbox.js');
  const send = await import('#client/lib/outbox-send.js');
  const { effectiveStatus } = await import('#client/lib/outbox-status.js');
  const statusOf = (deliveryId: number) =>
    effectiveStatus(
      {
        delivery_id: deliveryId,
        delivery_status: server.deliveries.get(deliveryId)!.delivery_status,
      },
      outbox.getOutboxState().entries,
    );
  const update = (deliveryId: number, status: 'Picked Up' | 'Delivered' | 'Unassigned') =>
    send.sendStatusUpdate({ deliveryId, courierId: COURIER, status });
  return { server, outbox, send, statusOf, update };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
}

beforeEach(() => setOnline(true));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('status updates from the courier screen', () => {
  it('go straight to the server when it answers, with the device time', async () => {
    const { server, update } = await openPage();
    const outcome = await update(1, 'Picked Up');
    expect(outcome.queued).toBe(false);
    expect(server.events).toEqual([
      { deliveryId: 1, status: 'Picked Up', deviceAt: expect.stringMatching(/^\d{4}-/) },
    ]);
  });

  it('pressed offline show at once as waiting, then sync in order', async () => {
    const { server, outbox, update, statusOf } = await openPage();
    setOnline(false);
    server.failure = 'down';

    expect((await update(1, 'Picked Up')).queued).toBe(true);
    expect(statusOf(1)).toEqual({ status: 'Picked Up', waitingToSync: true });
    expect((await update(1, 'Delivered')).queued).toBe(true);
    expect(statusOf(1)).toEqual({ status: 'Delivered', waitingToSync: true });
    expect(server.events).toEqual([]);

    setOnline(true);
    server.failure = null;
    await outbox.replayNow();
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
    expect(statusOf(1)).toEqual({ status: 'Delivered', waitingToSync: false });
    expect(outbox.getOutboxState().notice).toMatchObject({ kind: 'synced', count: 2 });
  });

  it('wait in the outbox when the request fails for a network reason or a 5xx', async () => {
    const { server, outbox, update } = await openPage();
    server.failure = 502;
    expect((await update(1, 'Picked Up')).queued).toBe(true);
    await vi.waitFor(() => expect(outbox.getOutboxState().syncing).toBe(false));
    expect(outbox.getOutboxState().entries).toHaveLength(1);
    expect(server.events).toEqual([]);
  });

  it('queue behind earlier waiting changes instead of overtaking them', async () => {
    const { server, outbox, update } = await openPage();
    setOnline(false);
    server.failure = 'down';
    await update(1, 'Picked Up');
    // Back online, but the replay has not run yet when FINISH DROP OFF is pressed.
    setOnline(true);
    server.failure = null;
    expect((await update(1, 'Delivered')).queued).toBe(true);
    await vi.waitFor(() => expect(outbox.getOutboxState().entries).toEqual([]));
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
  });

  it('are not queued when the server refuses them (4xx)', async () => {
    const { server, outbox, update } = await openPage();
    server.deliveries.get(1)!.courier_id = 99;
    await expect(update(1, 'Picked Up')).rejects.toMatchObject({ status: 403 });
    expect(outbox.getOutboxState().entries).toEqual([]);
  });

  it('giving up waits in the outbox like the other moves, and clears the courier', async () => {
    const { server, outbox, update, statusOf } = await openPage();
    setOnline(false);
    expect((await update(1, 'Unassigned')).queued).toBe(true);
    expect(statusOf(1)).toEqual({ status: 'Unassigned', waitingToSync: true });
    setOnline(true);
    await outbox.replayNow();
    expect(server.events.map((e) => e.status)).toEqual(['Unassigned']);
    expect(server.deliveries.get(1)).toMatchObject({ courier_id: null });
    expect(outbox.getOutboxState().entries).toEqual([]);
  });

  it('decide within moments on a network that never answers: queued, not frozen', async () => {
    const { server, outbox, update } = await openPage();
    server.failure = 'hang';
    const pressed = Date.now();
    const outcome = await update(1, 'Picked Up');
    expect(outcome.queued).toBe(true);
    // Decided at COURIER_UPDATE_DECIDE_MS, far before any request deadline.
    expect(Date.now() - pressed).toBeLessThan(WRITE_DEADLINE_MS / 2);
    expect(outbox.getOutboxState().entries.map((e) => e.status)).toEqual(['Picked Up']);
    // The network works again: the replay carries the key of the first try.
    server.failure = null;
    await vi.waitFor(async () => {
      await outbox.replayNow();
      expect(outbox.getOutboxState().entries).toEqual([]);
    });
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up']);
    expect(new Set(server.keys).size).toBe(1);
    expect(server.keys[0]).toMatch(/^"[\w-]+"$/);
  });
});

describe('replay outcomes shown to the courier', () => {
  it('asks to sign in on 401, keeps the entries, and lands them after sign-in', async () => {
    const { server, outbox, update } = await openPage();
    setOnline(false);
    await update(1, 'Picked Up');
    setOnline(true);
    server.user = null;

    await outbox.replayNow();
    expect(outbox.getOutboxState().notice).toMatchObject({ kind: 'sign-in' });
    expect(outbox.getOutboxState().entries).toHaveLength(1);

    server.user = COURIER;
    await outbox.replayNow();
    expect(outbox.getOutboxState().notice).toMatchObject({ kind: 'synced' });
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up']);
  });

  it('says "This delivery was reassigned" when the server refuses a queued change', async () => {
    const { server, outbox, update } = await openPage();
    setOnline(false);
    await update(1, 'Picked Up');
    server.deliveries.get(1)!.courier_id = 99;
    setOnline(true);
    await outbox.replayNow();
    expect(outbox.getOutboxState().notice).toMatchObject({
      kind: 'dropped',
      message: REASSIGNED_MESSAGE,
      deliveryId: 1,
    });
    expect(outbox.getOutboxState().entries).toEqual([]);
  });

  it('keeps a change pressed while IndexedDB is put away, and sends it in order later', async () => {
    const { server, outbox, update, statusOf } = await openPage();
    setOnline(false);
    await update(1, 'Picked Up');
    // The page is being left (pagehide): its database connections are closed.
    window.dispatchEvent(new Event('pagehide'));
    expect((await update(1, 'Delivered')).queued).toBe(true);
    expect(statusOf(1)).toEqual({ status: 'Delivered', waitingToSync: true });
    expect(localStorage.getItem('courierOutboxJournal')).toContain('Delivered');

    // Back from the back/forward cache, and online.
    window.dispatchEvent(new Event('pageshow'));
    setOnline(true);
    await outbox.replayNow();
    expect(server.events.map((e) => e.status)).toEqual(['Picked Up', 'Delivered']);
    expect(outbox.getOutboxState().entries).toEqual([]);
    expect(localStorage.getItem('courierOutboxJournal')).toBeNull();
  });

  it('keeps a change not yet in IndexedDB through a sign-out', async () => {
    const { outbox, update } = await openPage();
    setOnline(false);
    window.dispatchEvent(new Event('pagehide'));
    await update(1, 'Picked Up');
    const { clearSession } = await import('#client/lib/session.js');
    clearSession();
    window.dispatchEvent(new Event('pageshow'));
    await outbox.refreshOutbox();
    expect(outbox.getOutboxState().entries.map((e) => e.status)).toEqual(['Picked Up']);
  });

  it('keeps waiting entries across a reload', async () => {
    const first = await openPage();
    setOnline(false);
    await first.update(1, 'Picked Up');
    // Same IndexedDB, new page modules.
    vi.resetModules();
    const outbox = await import('#client/lib/outbox.js');
    await outbox.refreshOutbox();
    expect(outbox.getOutboxState().entries.map((e) => e.status)).toEqual(['Picked Up']);
  });
});

describe("keeping the outbox's data (persistent storage)", () => {
  function storageAnswering(granted: boolean) {
    const persist = vi.fn(() => Promise.resolve(granted));
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
    return persist;
  }
  afterEach(() => Reflect.deleteProperty(navigator, 'storage'));

  it('is asked for at the first update, not for each one waiting behind it', async () => {
    const persist = storageAnswering(false);
    const { server, outbox, update } = await openPage([
      { delivery_id: 1, delivery_status: 'Assigned' },
      { delivery_id: 2, delivery_status: 'Assigned' },
    ]);
    setOnline(false);
    server.failure = 'down';
    await update(1, 'Picked Up');
    expect(persist).toHaveBeenCalledTimes(1);
    await update(1, 'Delivered');
    expect(persist).toHaveBeenCalledTimes(1);

    // Synced, the outbox is empty again: the next first update asks again (still not granted).
    setOnline(true);
    server.failure = null;
    await outbox.replayNow();
    expect(outbox.getOutboxState().entries).toEqual([]);
    await update(2, 'Picked Up');
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('is not asked for again once the browser has promised to keep it', async () => {
    const persist = storageAnswering(true);
    const { update } = await openPage([
      { delivery_id: 1, delivery_status: 'Assigned' },
      { delivery_id: 2, delivery_status: 'Assigned' },
    ]);
    await update(1, 'Picked Up');
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await update(2, 'Picked Up');
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
