import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATIONS_PAGE } from '#shared/notification-kinds.js';
import {
  markNotificationsReadBody,
  markNotificationsReadResult,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
  updateNotificationPreferencesBody,
} from '#shared/schemas/notifications.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { getCallersOwn } from '#server/plugins/callers-own.js';
import { preferencesOf } from '#server/notifications/preferences.js';
import { pushRoutes } from './push-routes.js';
import {
  markNotificationsRead,
  notificationPage,
  unreadCount,
  updatePreferences,
} from './repository.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';

/**
 * Notifications (docs/api.md, "Notifications and Web Push"): the centre and the preferences
 * here, Web Push's key and devices, and the mails' one-click unsubscribe links.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(pushRoutes);
  await app.register(unsubscribeRoutes);
  const db = app.db;

  app.get(
    '/api/notifications',
    {
      ...signedIn(),
      schema: { querystring: notificationsQuery, response: { 200: notificationsPage } },
    },
    asCaller(async (user, request) => {
      const { cursor, limit = NOTIFICATIONS_PAGE.default } = request.query;
      const [page, unread] = await Promise.all([
        notificationPage(db, user.user_id, { cursor, limit }),
        unreadCount(db, user.user_id),
      ]);
      return { ...page, unread };
    }),
  );

  app.put(
    '/api/notifications/read',
    {
      ...signedIn(),
      schema: { body: markNotificationsReadBody, response: { 200: markNotificationsReadResult } },
    },
    asCaller(async (user, request) => {
      const body = request.body;
      const updated = await markNotificationsRead(
        db,
        user.user_id,
        'ids' in body ? body.ids : 'all',
      );
      return { updated, unread: await unreadCount(db, user.user_id) };
    }),
  );

  getCallersOwn(app, '/api/notification-preferences', notificationPreferences, preferencesOf);

  app.put(
    '/api/notification-preferences',
    {
      ...signedIn(),
      schema: {
        body: updateNotificationPreferencesBody,
        response: { 200: notificationPreferences },
      },
    },
    asCaller((user, request) => updatePreferences(db, user.user_id, request.body)),
  );
};
