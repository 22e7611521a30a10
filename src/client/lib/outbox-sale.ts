/**
 * A step of a sale (an offer, an answer to one, a hold) from the tap to the server, once
 * (docs/decisions/031-sales-in-the-outbox.md, outbox-once.ts): sent at once, or kept waiting
 * behind earlier steps of the same person. A refusal for another reason (not your move, on hold
 * for someone else, a flood limit) is the server's to explain.
 */
import { isSaleEntry, type SaleRequest } from '#shared/outbox.js';
import { api } from './api';
import { idempotencyHeaders } from './idempotency-key';
import { enqueueSale } from './outbox';
import type { PressedSale } from './outbox-journal';
import { sendOrQueue, type Outcome } from './outbox-once';

export type SaleOutcome<T> = Outcome<T>;

/** Sends `request` as `userId` with `key` (the same for a double tap), or keeps it waiting. */
export function sendOrQueueSale<T>(
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
  return sendOrQueue(change, {
    waitsBefore: (e) => isSaleEntry(e) && e.userId === userId,
    enqueue: enqueueSale,
    send: () =>
      api<T>(request.path, {
        method: request.method,
        body: request.body,
        headers: idempotencyHeaders(key),
      }),
  });
}
