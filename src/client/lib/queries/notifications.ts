/** The notification centre: the bell's unread count and the pages of the list. */
import { queryOptions } from '@tanstack/react-query';
import * as notificationPaths from '#shared/api-paths/notifications.js';
import type { NotificationsPage } from '#shared/schemas/notifications.js';
import { api } from '../api';
import { FRAME_QUERY, queryKeys } from '../query-keys';

/** The bell's count: the first item only, for its `unread`. */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notificationUnread(),
    queryFn: async () =>
      (await api<NotificationsPage>(notificationPaths.notifications, { query: { limit: 1 } }))
        .unread,
    // On every page: the offline and connection-trouble banners date the screen's data, not it.
    meta: FRAME_QUERY,
  });

/**
 * One page of the list: the newest (no cursor), or those older than `cursor`. Pages are
 * plain queries, each asked for when the person taps "Show older" (an infinite query would
 * share its code with the home page's search and move it out of the home route's chunk).
 */
export const notificationPageQuery = (cursor: number | null) =>
  queryOptions({
    queryKey: queryKeys.notificationPage(cursor),
    queryFn: () => api<NotificationsPage>(notificationPaths.notifications, { query: { cursor } }),
    // New ones arrive by live event; the list is also fresh whenever the page opens.
    staleTime: 0,
  });
