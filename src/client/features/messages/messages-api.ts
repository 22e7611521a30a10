import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { DirectMessage } from '../../../shared/schemas/messages';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The caller's own messages (the server never returns anyone else's). */
export const messagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.messages(),
    queryFn: () => api<DirectMessage[]>(API.messages),
  });

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
