/**
 * One IndexedDB object store, opened for page and service worker alike, made for browsers whose
 * database can stop answering (docs/decisions/015-indexeddb-deadlines.md). Its `use` has the
 * shape of idb-keyval's `UseStore`, so idb-keyval's get/set/del and the outbox run over it.
 *
 * - Every operation has a deadline: opening, and the callback's answer.
 * - A connection that misses one is closed; the next operation opens a new one and asks for a
 *   version upgrade, which makes WebKit let go of the database held by a page frozen in its
 *   back/forward cache (a plain reopen would wait behind that page as well).
 * - `suspend()` ends the transactions under way, closes the connection and refuses new work
 *   until `resume()`: a page calls it on `pagehide`, so nothing of its own stays open inside a
 *   frozen page.
 */

/** The shape of idb-keyval's `UseStore`. */
export type UseStore = <T>(
  mode: IDBTransactionMode,
  callback: (store: IDBObjectStore) => T | PromiseLike<T>,
) => Promise<T>;

export interface IdbStore {
  use: UseStore;
  /** Aborts what is under way and closes the connection; operations fail until `resume()`. */
  suspend(): void;
  resume(): void;
}

/** Long enough for a large write on a slow phone, short enough that nobody waits on a hang. */
export const IDB_DEADLINE_MS = 3_000;

export const IDB_TIMEOUT = 'TimeoutError';
export const IDB_SUSPENDED = 'InvalidStateError';

function failure(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function within<T>(promise: Promise<T>, ms: number, what: string, onLate: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(failure(IDB_TIMEOUT, `IndexedDB did not answer within ${ms} ms (${what})`));
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function openRequest(
  dbName: string,
  storeName: string,
  version: number | undefined,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request =
      version === undefined ? indexedDB.open(dbName) : indexedDB.open(dbName, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(storeName))
        request.result.createObjectStore(storeName);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

export function idbStore(
  dbName: string,
  storeName: string,
  { deadlineMs = IDB_DEADLINE_MS } = {},
): IdbStore {
  let connection: Promise<IDBDatabase> | null = null;
  /** Set after a missed deadline: the next open asks for an upgrade to free the database. */
  let takeBack = false;
  let suspended = false;
  /** Transactions not yet finished: `suspend()` ends them (see there). */
  const running = new Set<IDBTransaction>();

  function forget(db: Promise<IDBDatabase> | null) {
    if (connection === db) connection = null;
    // An open still under way is closed as soon as it lands.
    void db?.then((d) => d.close()).catch(() => undefined);
  }

  async function open(): Promise<IDBDatabase> {
    let db = await openRequest(dbName, storeName, undefined);
    if (takeBack || !db.objectStoreNames.contains(storeName)) {
      const version = db.version + 1;
      db.close();
      db = await openRequest(dbName, storeName, version);
    }
    takeBack = false;
    return db;
  }

  function connect(): Promise<IDBDatabase> {
    if (connection) return connection;
    const opening = open().then((db) => {
      // Another tab or the worker needs the database upgraded: let go, reopen on next use.
      db.onversionchange = () => forget(opening);
      // The browser closed it (its storage process restarted): reopen on next use.
      db.onclose = () => forget(opening);
      return db;
    });
    connection = opening;
    opening.catch(() => forget(opening));
    return opening;
  }

  const use: UseStore = async (mode, callback) => {
    if (suspended) throw failure(IDB_SUSPENDED, 'IndexedDB is put away while the page is hidden');
    const opening = connect();
    const giveUp = () => {
      takeBack = true;
      forget(opening);
    };
    const db = await within(opening, deadlineMs, `opening ${dbName}`, giveUp);
    let tx: IDBTransaction;
    try {
      tx = db.transaction(storeName, mode);
    } catch (error) {
      // Closed under us (version change, suspend): the next operation reopens.
      forget(opening);
      throw error;
    }
    running.add(tx);
    const finished = () => running.delete(tx);
    tx.addEventListener('complete', finished);
    tx.addEventListener('abort', finished);
    const answer = Promise.resolve(callback(tx.objectStore(storeName)));
    return within(answer, deadlineMs, `${mode} on ${dbName}`, () => {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted.
      }
      giveUp();
    });
  };

  return {
    use,
    suspend() {
      suspended = true;
      // A transaction left open in a frozen page (even a read) holds the database for everyone,
      // and a close waits for it: end them first. What they were writing is kept elsewhere
      // (the cache's next save, the outbox's journal).
      for (const tx of running) {
        try {
          tx.abort();
        } catch {
          // Finished meanwhile.
        }
      }
      running.clear();
      forget(connection);
    },
    resume() {
      suspended = false;
    },
  };
}
