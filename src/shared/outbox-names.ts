/**
 * The names the courier outbox is stored and coordinated under, shared by the page, the
 * service worker and sign-out (which keeps the outbox's journal). Its own module so that
 * knowing a name does not load the replay code.
 */
export const OUTBOX = {
  /** IndexedDB database and store (idb-store.ts): the page and the worker open the same one. */
  db: 'campus-outbox',
  store: 'entries',
  /** Background Sync tag, Web Lock name and BroadcastChannel name. */
  syncTag: 'courier-outbox',
  lock: 'courier-outbox',
  channel: 'courier-outbox',
  /** localStorage key of the changes pressed but not yet committed to IndexedDB. */
  journal: 'courierOutboxJournal',
} as const;
