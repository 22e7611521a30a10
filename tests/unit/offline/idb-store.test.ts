import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDB_SUSPENDED, IDB_TIMEOUT, idbStore } from '#shared/idb-store.js';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

function openOther(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Another tab opens the database at `version`: 'upgraded', or 'blocked' while a connection holds it. */
function upgradeElsewhere(name: string, version: number): Promise<'upgraded' | 'blocked'> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name, version);
    request.onblocked = () => resolve('blocked');
    request.onsuccess = () => {
      request.result.close();
      resolve('upgraded');
    };
  });
}

describe('an IndexedDB store with deadlines', () => {
  it('reads and writes through idb-keyval', async () => {
    const store = idbStore('db', 'kv');
    await set('k', { saved: 1 }, store.use);
    expect(await get('k', store.use)).toEqual({ saved: 1 });
  });

  it('gives up on an operation that never answers, and the next one opens afresh', async () => {
    const store = idbStore('db', 'kv', { deadlineMs: 50 });
    await set('k', 'before', store.use);
    const never = store.use('readonly', () => new Promise<never>(() => {}));
    await expect(never).rejects.toMatchObject({ name: IDB_TIMEOUT });
    // The new connection asked for an upgrade, which takes the database back from any holder.
    expect(await get('k', store.use)).toBe('before');
    const other = await openOther('db');
    expect(other.version).toBe(2);
    other.close();
  });

  it('refuses work at once while suspended, and lets go of the database', async () => {
    const store = idbStore('db', 'kv');
    await set('k', 'v', store.use);
    store.suspend();
    await expect(get('k', store.use)).rejects.toMatchObject({ name: IDB_SUSPENDED });
    // Nothing of ours holds the database: an upgrade elsewhere is not blocked.
    expect(await upgradeElsewhere('db', 5)).toBe('upgraded');
    store.resume();
    expect(await get('k', store.use)).toBe('v');
  });

  it('lets another tab upgrade the database, then goes on with a new connection', async () => {
    const store = idbStore('db', 'kv');
    await set('k', 'v', store.use);
    expect(await upgradeElsewhere('db', 3)).toBe('upgraded');
    expect(await get('k', store.use)).toBe('v');
  });
});
