import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryPersistence } from '#client/lib/persist.js';

const MARIA = 1;
const OMAR = 2;
const orders = ['delivery-requests'];
const listings = ['listings', 'featured'];

/** A page load: a fresh QueryClient restored from IndexedDB for whoever is signed in. */
async function load(userId: number | null, buster?: string) {
  const client = new QueryClient();
  const persistence = createQueryPersistence(client, { throttleMs: 60_000, buster });
  await persistence.start(userId);
  return { client, persistence };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});

describe('the persisted query cache', () => {
  it('restores a user’s successful queries after a reload, never failed ones', async () => {
    const first = await load(MARIA);
    first.client.setQueryData(orders, [{ listing_id: 5, status: 'Pending' }]);
    await first.client
      .fetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => undefined);
    await first.persistence.flush();

    const reload = await load(MARIA);
    expect(reload.client.getQueryData(orders)).toEqual([{ listing_id: 5, status: 'Pending' }]);
    expect(reload.client.getQueryState(['broken'])).toBeUndefined();
  });

  it('at sign-out forgets the user’s data in memory and on disk', async () => {
    const { client, persistence } = await load(MARIA);
    client.setQueryData(orders, ['maria’s order']);
    await persistence.flush();
    client.setQueryData(orders, ['maria’s order, changed']);

    localStorage.clear(); // what sign-out does (clearSession)
    await persistence.switchUser(null);
    expect(client.getQueryData(orders)).toBeUndefined();
    await persistence.flush();

    expect((await load(MARIA)).client.getQueryData(orders)).toBeUndefined();
  });

  it('never shows one user’s data to the next user on the same phone', async () => {
    const { client, persistence } = await load(MARIA);
    client.setQueryData(orders, ['maria’s order']);
    await persistence.flush();

    // Maria's session expires (no sign-out); Omar signs in.
    await persistence.switchUser(OMAR);
    expect(client.getQueryData(orders)).toBeUndefined();
    client.setQueryData(orders, ['omar’s order']);
    await persistence.flush();

    expect((await load(OMAR)).client.getQueryData(orders)).toEqual(['omar’s order']);
    // Maria gets her own cache back when she signs in again.
    expect((await load(MARIA)).client.getQueryData(orders)).toEqual(['maria’s order']);
  });

  it('keeps public data already on screen when someone signs in', async () => {
    const { client, persistence } = await load(null);
    client.setQueryData(listings, ['desk lamp']);
    await persistence.switchUser(MARIA);
    expect(client.getQueryData(listings)).toEqual(['desk lamp']);
  });

  it('discards a cache saved by an older version of the app', async () => {
    const old = await load(MARIA, 'v1');
    old.client.setQueryData(orders, [{ shape: 'old' }]);
    await old.persistence.flush();
    expect((await load(MARIA, 'v1')).client.getQueryData(orders)).toEqual([{ shape: 'old' }]);
    expect((await load(MARIA, 'v2')).client.getQueryData(orders)).toBeUndefined();
  });
});
