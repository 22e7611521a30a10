/**
 * A person's change (a chat message, a step of a sale) from the tap to the server, once: kept in
 * the outbox's journal from the tap on, sent at once when the network may work, and handed to
 * the outbox ("Waiting to send") when the browser is offline, the network fails or hangs past
 * the write deadline, the server fails (5xx), or earlier changes of the same kind by the same
 * person still wait (so they arrive in order). Its Idempotency-Key is the same on every try: the
 * server takes it once. A refusal for another reason is the server's to explain.
 */
import type { OutboxEntry } from '#shared/outbox.js';
import { ApiError, isNetworkError } from './api';
import { getOutboxState } from './outbox';
import {
  journalAdd,
  journalForget,
  markSending,
  type PressedMessage,
  type PressedSale,
} from './outbox-journal';

export type Outcome<T> = { queued: false; answer: T } | { queued: true; entry: OutboxEntry };

/** Whether a failed send is the network's (or the server's passing) fault: worth waiting for. */
function worthWaiting(error: unknown): boolean {
  return (
    isNetworkError(error) ||
    (error instanceof ApiError && (error.status >= 500 || error.code === 'idempotency_in_progress'))
  );
}

/** Sends `change` (`send`), or keeps it waiting (`enqueue`) behind the person's earlier ones. */
export async function sendOrQueue<Change extends PressedMessage | PressedSale, T>(
  change: Change,
  how: {
    /** An earlier change of the same person that still waits. */
    waitsBefore: (entry: OutboxEntry) => boolean;
    enqueue: (change: Change) => Promise<OutboxEntry>;
    send: () => Promise<T>;
  },
): Promise<Outcome<T>> {
  const queue = () => how.enqueue(change).then((entry) => ({ queued: true as const, entry }));
  // From the tap on: a page closed or frozen before the answer finds it at its next start.
  journalAdd(change);
  const waiting = getOutboxState().entries.some((e) => e.key !== change.key && how.waitsBefore(e));
  if (waiting || !navigator.onLine) return queue();
  // Sent from here: a replay meanwhile leaves it alone (it would keep a second copy waiting).
  markSending(change, true);
  try {
    const answer = await how.send();
    markSending(change, false);
    journalForget(change);
    return { queued: false, answer };
  } catch (error) {
    markSending(change, false);
    if (worthWaiting(error)) return queue();
    journalForget(change);
    throw error;
  }
}
