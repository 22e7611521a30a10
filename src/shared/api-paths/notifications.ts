/** API paths: The notification centre, its preferences, unsubscribing and push subscriptions. */

export const notifications = '/api/notifications';
export const notificationsRead = '/api/notifications/read';
export const notificationPreferences = '/api/notification-preferences';
/** The one-click unsubscribe link of notification mails (RFC 8058): no sign-in. */
export const unsubscribe = '/api/notifications/unsubscribe';
export const pushPublicKey = '/api/push/public-key';
export const pushSubscriptions = '/api/push-subscriptions';
