import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { messagesQuery } from '../../lib/queries/message-list';

export function useMessages() {
  // Polling keeps threads current when live events are unavailable.
  return useQuery({ ...messagesQuery(), refetchInterval: 10_000 });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { listing_id: number; other_user_id: number }) =>
      api<{ updated: number }>(API.markRead, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages() }),
  });
}
