/**
 * POST /api/direct_message, used by the listing page, the chats page and the courier: sent at
 * once, or kept in the outbox until the network works (outbox-message.ts).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_REFRESH_MS } from '#shared/constants.js';
import type { DirectMessage, SendMessageBody } from '#shared/schemas/messages.js';
import { queryKeys } from '../query-keys';
import { sendOrQueueMessage, type MessageOutcome } from '../outbox-message';

/**
 * A message and the key it is sent with (the same on every try): its Idempotency-Key and its
 * `client_id`.
 */
export interface MessageToSend {
  body: Omit<SendMessageBody, 'client_id'>;
  key: string;
}

/** A sent message goes into the lists that show it, straight from the server's answer. */
export function addSent(client: QueryClient, message: DirectMessage) {
  const add = (list: DirectMessage[] | undefined) =>
    list && !list.some((m) => m.message_id === message.message_id) ? [...list, message] : list;
  client.setQueryData(queryKeys.messages(), add);
  if (message.listing_id !== null) {
    client.setQueryData(
      queryKeys.listingSender(message.sender_id, message.listing_id),
      (list: DirectMessage[] | undefined) => add(list ?? []),
    );
  }
}

/** The server's answer to a message the outbox sent, if it is one. */
export function isDirectMessage(value: unknown): value is DirectMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message_id?: unknown }).message_id === 'number' &&
    typeof (value as { sender_id?: unknown }).sender_id === 'number'
  );
}

/**
 * Sends a message: settled at once when it is kept waiting (it shows as "Waiting to send"
 * from the outbox), or with the server's answer; an error only for a refusal the person can act
 * on (blocked, too long...), never for the network.
 */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: MessageToSend): Promise<MessageOutcome> =>
      sendOrQueueMessage(body, key),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      const message = outcome.message;
      addSent(client, message);
      // A first message to a seller may make a review possible.
      void client.invalidateQueries({ queryKey: ['reviews', 'eligibility'] });
      // Spec: the message list refreshes 100 ms after a send.
      window.setTimeout(() => {
        void client.invalidateQueries({ queryKey: queryKeys.messages() });
      }, MESSAGE_REFRESH_MS);
    },
  });
}
