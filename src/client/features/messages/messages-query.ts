import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { DirectMessage } from '../../../shared/schemas/messages';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

// Apart from messages-api.ts: the header reads this list on every page, and a module shared
// with /Chats would bring its mutations into the home route's bundle.

/** The caller's own messages (the server never returns anyone else's). */
export const messagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.messages(),
    queryFn: () => api<DirectMessage[]>(API.messages),
  });

/** A message the user received and has not read yet (the unread counts of /Chats and the header). */
export function isUnreadBy(message: DirectMessage, myId: number): boolean {
  return message.sender_id !== myId && message.read_at === null;
}

/**
 * How many messages the user has not read, for the header. The same list as /Chats, without its
 * polling: live events refresh it (and refetch it after a reconnect), and so does opening /Chats.
 */
export function useUnreadCount(myId: number): number {
  const { data } = useQuery({
    ...messagesQuery(),
    select: (messages) => messages.filter((m) => isUnreadBy(m, myId)).length,
  });
  return data ?? 0;
}
