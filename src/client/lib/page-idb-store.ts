import { idbStore, type IdbStore } from '#shared/idb-store.js';

/**
 * An IndexedDB store of this page that lets go of its database while the page is away. WebKit
 * freezes a page left by a full navigation in its back/forward cache; a transaction still open
 * there would hold the database for every other page until that page is thrown away
 * (docs/decisions/015-indexeddb-deadlines.md). `pageshow` follows a return to the page.
 */
export function pageIdbStore(dbName: string, storeName: string): IdbStore {
  const store = idbStore(dbName, storeName);
  window.addEventListener('pagehide', () => store.suspend());
  window.addEventListener('pageshow', () => store.resume());
  return store;
}
