/** POST /api/direct_message, used by the listing page and the chats page. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import { MESSAGE_REFRESH_MS } from '#shared/constants.js';
import type { DirectMessage, SendMessageBody } from '#shared/schemas/messages.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export function sendMessage(body: SendMessageBody): Promise<DirectMessage> {
  return api<DirectMessage>(API.messages, { method: 'POST', body });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => {
      // A first message to a seller may make a review possible.
      void client.invalidateQueries({ queryKey: ['reviews', 'eligibility'] });
      // Spec: the message list refreshes 100 ms after a send.
      window.setTimeout(() => {
        void client.invalidateQueries({ queryKey: queryKeys.messages() });
      }, MESSAGE_REFRESH_MS);
    },
  });
}
