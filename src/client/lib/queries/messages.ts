/** POST /api/direct_message, used by the listing page, the chats page and the courier. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as messagePaths from '#shared/api-paths/messages.js';
import { MESSAGE_REFRESH_MS } from '#shared/constants.js';
import type { DirectMessage, SendMessageBody } from '#shared/schemas/messages.js';
import { queryKeys } from '../query-keys';
import { retryLostAnswer } from '../use-send-key';
import { postCreate } from '../idempotency-key';

/** A message and the Idempotency-Key it is sent with (the same on every try). */
export interface MessageToSend {
  body: SendMessageBody;
  key: string;
}

export function sendMessage({ body, key }: MessageToSend): Promise<DirectMessage> {
  return postCreate<DirectMessage>(messagePaths.messages, body, key);
}

/** The sent message goes into the lists that show it, straight from the POST's answer. */
function addSent(client: QueryClient, message: DirectMessage) {
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

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    retry: retryLostAnswer,
    onSuccess: (message) => {
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
