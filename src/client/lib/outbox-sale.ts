/**
 * A step of a sale (an offer, an answer to one, a hold) from the tap to the server, once
 * (docs/decisions/031-sales-in-the-outbox.md): kept in the outbox's journal from the tap on,
 * sent at once when the network may work, and handed to the outbox ("Waiting to send") when the
 * browser is offline, the network fails or hangs past the write deadline, the server fails
 * (5xx), or earlier steps of the same person still wait (so they arrive in order). Its
 * Idempotency-Key is the same on every try: the server takes it once. A refusal for another
 * reason (not your move, on hold for someone else, a flood limit) is the server's to explain.
 */
import { isSaleEntry, type OutboxEntry, type SaleRequest } from '#shared/outbox.js';
import { ApiError, api, isNetworkError } from './api';
import { idempotencyHeaders } from './idempotency-key';
import { enqueueSale, getOutboxState } from './outbox';
import { journalAdd, journalForget, type PressedSale } from './outbox-journal';

export type SaleOutcome<T> = { queued: false; answer: T } | { queued: true; entry: OutboxEntry };

function worthWaiting(error: unknown): boolean {
  return (
    isNetworkError(error) ||
    (error instanceof ApiError && (error.status >= 500 || error.code === 'idempotency_in_progress'))
  );
}

/** Sends `request` as `userId` with `key` (the same for a double tap), or keeps it waiting. */
export async function sendOrQueueSale<T>(
  userId: number,
  request: SaleRequest,
  key: string,
): Promise<SaleOutcome<T>> {
  const change: PressedSale = {
    kind: 'sale',
    userId,
    key,
    request,
    deviceTime: new Date().toISOString(),
    createdAt: Date.now(),
  };
  const queue = () => enqueueSale(change).then((entry) => ({ queued: true as const, entry }));
  // From the tap on: a page closed or frozen before the answer finds it at its next start.
  journalAdd(change);
  const waiting = getOutboxState().entries.some(
    (e) => isSaleEntry(e) && e.userId === userId && e.key !== key,
  );
  if (waiting || !navigator.onLine) return queue();
  try {
    const answer = await api<T>(request.path, {
      method: request.method,
      body: request.body,
      headers: idempotencyHeaders(key),
    });
    journalForget(change);
    return { queued: false, answer };
  } catch (error) {
    if (worthWaiting(error)) return queue();
    journalForget(change);
    throw error;
  }
}
