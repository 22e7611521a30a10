/**
 * A chat message from Send to the server, once (docs/decisions/028-messages-in-the-outbox.md,
 * outbox-once.ts): sent at once, or kept waiting behind earlier messages of the sender. Its
 * `client_id` is also its Idempotency-Key: however often it is sent, by this page, another tab
 * or the service worker, the server stores it once. A refusal for another reason (blocked, too
 * long, a flood limit) is the server's to explain.
 */
import * as messagePaths from '#shared/api-paths/messages.js';
import { isMessageEntry, messageBody, type OutboxEntry } from '#shared/outbox.js';
import type { DirectMessage, SendMessageBody } from '#shared/schemas/messages.js';
import { api } from './api';
import { idempotencyHeaders } from './idempotency-key';
import { enqueueMessage } from './outbox';
import type { PressedMessage } from './outbox-journal';
import { sendOrQueue } from './outbox-once';

export type MessageOutcome =
  { queued: false; message: DirectMessage } | { queued: true; entry: OutboxEntry };

/** Sends `body` with `key` (one per message: the same for a double tap), or keeps it waiting. */
export async function sendOrQueueMessage(
  body: Omit<SendMessageBody, 'client_id'>,
  key: string,
): Promise<MessageOutcome> {
  const senderId = Number(body.sender_id);
  const change: PressedMessage = {
    kind: 'message',
    senderId,
    key,
    message: {
      receiver_id: Number(body.receiver_id),
      listing_id: Number(body.listing_id),
      content: body.content,
      client_id: key,
    },
    deviceTime: new Date().toISOString(),
    createdAt: Date.now(),
  };
  const outcome = await sendOrQueue(change, {
    waitsBefore: (e) => isMessageEntry(e) && e.senderId === senderId,
    enqueue: enqueueMessage,
    send: () =>
      api<DirectMessage>(messagePaths.messages, {
        method: 'POST',
        body: messageBody(change),
        headers: idempotencyHeaders(key),
      }),
  });
  return outcome.queued ? outcome : { queued: false, message: outcome.answer };
}
