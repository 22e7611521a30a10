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

/**
 * The messages the user received and has not read yet (the unread counts of /Chats and the
 * header). A reply reads what came before it: a conversation whose last message is the user's
 * own counts none, and one they answered counts only what came after their answer.
 */
export function unreadMessages(messages: readonly DirectMessage[], myId: number): DirectMessage[] {
  const waiting = new Map<string, DirectMessage[]>();
  for (const m of [...messages].sort((a, b) => a.message_id - b.message_id)) {
    const mine = m.sender_id === myId;
    const key = `${m.listing_id}-${mine ? m.receiver_id : m.sender_id}`;
    if (mine) waiting.set(key, []);
    else if (m.read_at === null) waiting.set(key, [...(waiting.get(key) ?? []), m]);
  }
  return [...waiting.values()].flat();
}

/**
 * How many messages the user has not read, for the header. The same list as /Chats, without its
 * polling: live events refresh it (and refetch it after a reconnect), and so does opening /Chats.
 */
export function useUnreadCount(myId: number): number {
  const { data } = useQuery({
    ...messagesQuery(),
    select: (messages) => unreadMessages(messages, myId).length,
  });
  return data ?? 0;
}
