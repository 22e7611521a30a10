import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as messagePaths from '#shared/api-paths/messages.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { messagesQuery } from '#client/lib/queries/message-list.js';

export function useMessages() {
  // Polling keeps threads current when live events are unavailable.
  return useQuery({ ...messagesQuery(), refetchInterval: 10_000 });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { listing_id: number; other_user_id: number }) =>
      api<{ updated: number }>(messagePaths.markRead, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages() }),
  });
}
