/// <reference lib="webworker" />
import { OUTBOX } from '#shared/outbox-names.js';
import { replayOutbox, type OutboxMessage } from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import { idbStore } from '#shared/idb-store.js';
import { idbOutboxStore } from '#shared/outbox-store.js';

/** Background Sync's event (Chromium); not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * Replays the courier outbox when the browser regains the network, even with no tab open
 * (Background Sync). Same store, same loop and same lock as the page, so never twice at once.
 */
export function registerOutboxSync(scope: ServiceWorkerGlobalScope): void {
  const store = idbOutboxStore(idbStore(OUTBOX.db, OUTBOX.store).use);

  async function replay(): Promise<void> {
    const result = await replayOutbox({
      store,
      transport: httpTransport(),
      withLock: (task) => withOutboxLock(OUTBOX.lock, task),
    });
    const channel = new BroadcastChannel(OUTBOX.channel);
    channel.postMessage({ type: 'result', result } satisfies OutboxMessage);
    channel.close();
    // Rejecting asks the browser to fire `sync` again later; a sign-in cannot come from here.
    if (result.stopped === 'retry') throw new Error('Courier outbox: network still failing');
  }

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX.syncTag) sync.waitUntil(replay());
  });
}
