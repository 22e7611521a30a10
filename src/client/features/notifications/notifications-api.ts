/** The notification centre's writes and the preferences (GET/PUT /api/notification-preferences). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as notificationPaths from '#shared/api-paths/notifications.js';
import type { NotificationPreferences } from '#shared/notification-kinds.js';
import type {
  MarkNotificationsReadBody,
  UpdateNotificationPreferencesBody,
} from '#shared/schemas/notifications.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) =>
      api<{ updated: number; unread: number }>(notificationPaths.notificationsRead, {
        method: 'PUT',
        body,
      }),
    onSuccess: ({ unread }) => {
      client.setQueryData(queryKeys.notificationUnread(), unread);
      void client.invalidateQueries({ queryKey: queryKeys.notifications() });
    },
  });
}

export const preferencesQuery = () =>
  queryOptions({
    queryKey: queryKeys.notificationPreferences(),
    queryFn: () => api<NotificationPreferences>(notificationPaths.notificationPreferences),
  });

export const usePreferences = () => useQuery(preferencesQuery());

/** One switch at a time, shown at once and put back if the server refuses. */
export function useSetPreference() {
  const client = useQueryClient();
  const key = queryKeys.notificationPreferences();
  return useMutation({
    mutationFn: (change: UpdateNotificationPreferencesBody) =>
      api<NotificationPreferences>(notificationPaths.notificationPreferences, {
        method: 'PUT',
        body: change,
      }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationPreferences>(key);
      if (before) {
        const next = structuredClone(before);
        for (const [kind, switches] of Object.entries(change)) {
          Object.assign(next[kind as keyof NotificationPreferences], switches);
        }
        client.setQueryData(key, next);
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
