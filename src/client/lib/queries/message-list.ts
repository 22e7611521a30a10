import { queryOptions, useQuery } from '@tanstack/react-query';
import * as messagePaths from '#shared/api-paths/messages.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

// Apart from messages.ts (sending): the header reads this list on every page, and the send
// mutation would come into the home route's bundle with it.

/** The caller's own messages (the server never returns anyone else's). */
export const messagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.messages(),
    queryFn: () => api<DirectMessage[]>(messagePaths.messages),
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
