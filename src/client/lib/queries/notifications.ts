/** The notification centre: the bell's unread count and the pages of the list. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type { NotificationsPage } from '#shared/schemas/notifications.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** The bell's count: the first item only, for its `unread`. */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notificationUnread(),
    queryFn: async () =>
      (await api<NotificationsPage>(API.notifications, { query: { limit: 1 } })).unread,
  });

export const notificationPagesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notificationPages(),
    queryFn: ({ pageParam }) =>
      api<NotificationsPage>(API.notifications, { query: { cursor: pageParam } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
    // New ones arrive by live event; the list is also fresh whenever the page opens.
    staleTime: 0,
  });
