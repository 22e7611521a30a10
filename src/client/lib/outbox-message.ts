/**
 * A chat message from Send to the server, once (docs/decisions/028-messages-in-the-outbox.md):
 * kept in the outbox's journal from the tap on, sent at once when the network may work, and
 * handed to the outbox ("Waiting to send") when the browser is offline, the network fails or
 * hangs past the write deadline, the server fails (5xx), or earlier messages of the sender
 * still wait (so they arrive in order). Its `client_id` is also its Idempotency-Key: however
 * often it is sent, by this page, another tab or the service worker, the server stores it once.
 * A refusal for another reason (blocked, too long, a flood limit) is the server's to explain.
 */
import * as messagePaths from '#shared/api-paths/messages.js';
import { isMessageEntry, messageBody, type OutboxEntry } from '#shared/outbox.js';
import type { DirectMessage, SendMessageBody } from '#shared/schemas/messages.js';
import { ApiError, api, isNetworkError } from './api';
import { idempotencyHeaders } from './idempotency-key';
import { enqueueMessage, getOutboxState } from './outbox';
import { journalAdd, journalForget, type PressedMessage } from './outbox-journal';

export type MessageOutcome =
  { queued: false; message: DirectMessage } | { queued: true; entry: OutboxEntry };

/** Whether a failed send is the network's (or the server's passing) fault: worth waiting for. */
function worthWaiting(error: unknown): boolean {
  return (
    isNetworkError(error) ||
    (error instanceof ApiError && (error.status >= 500 || error.code === 'idempotency_in_progress'))
  );
}

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
  const queue = () => enqueueMessage(change).then((entry) => ({ queued: true as const, entry }));
  // From the tap on: a page closed or frozen before the answer finds it at its next start.
  journalAdd(change);
  const waiting = getOutboxState().entries.some(
    (e) => isMessageEntry(e) && e.senderId === senderId && e.key !== key,
  );
  if (waiting || !navigator.onLine) return queue();
  try {
    const message = await api<DirectMessage>(messagePaths.messages, {
      method: 'POST',
      body: messageBody(change),
      headers: idempotencyHeaders(key),
    });
    journalForget(change);
    return { queued: false, message };
  } catch (error) {
    if (worthWaiting(error)) return queue();
    journalForget(change);
    throw error;
  }
}
