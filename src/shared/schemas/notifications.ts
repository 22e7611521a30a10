/** The notification centre, preferences and Web Push subscriptions (docs/api.md). */
import { z } from 'zod';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATIONS_PAGE,
  type NotificationKind,
} from '../notification-kinds.js';
import { id, idParam, numeric } from './common.js';

export const notificationItem = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  title: z.string(),
  body: z.string(),
  /** The screen it is about, a path on this origin. */
  url: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications: newest first; `next_cursor` asks for the page after this one. */
export const notificationsPage = z.object({
  items: z.array(notificationItem),
  unread: z.number(),
  next_cursor: z.number().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const notificationsQuery = z.strictObject({
  /** Items older than this one (a `next_cursor`). */
  cursor: idParam.optional(),
  limit: numeric(
    z
      .number({ message: `limit must be 1 to ${NOTIFICATIONS_PAGE.max}` })
      .int(`limit must be 1 to ${NOTIFICATIONS_PAGE.max}`)
      .min(1, `limit must be 1 to ${NOTIFICATIONS_PAGE.max}`)
      .max(NOTIFICATIONS_PAGE.max, `limit must be 1 to ${NOTIFICATIONS_PAGE.max}`),
  ).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/** PUT /api/notifications/read: some items, or all of them. */
export const markNotificationsReadBody = z.union(
  [
    z.strictObject({
      ids: z
        .array(id, { message: 'ids must be a list of notification ids' })
        .min(1, 'ids must name at least one notification')
        .max(NOTIFICATIONS_PAGE.max * 2, 'ids may name at most 100 notifications'),
    }),
    z.strictObject({ all: z.literal(true, { message: 'all must be true' }) }),
  ],
  { message: 'Send { ids: [...] } or { all: true }' },
);
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBody>;

export const markNotificationsReadResult = z.object({ updated: z.number(), unread: z.number() });

const channelSwitches = z.object({ push: z.boolean(), email: z.boolean() });

/** GET /api/notification-preferences: every kind, both channels. */
export const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, channelSwitches])) as Record<
    NotificationKind,
    typeof channelSwitches
  >,
);

const onOff = (name: string) =>
  numeric(
    z.union([z.boolean(), z.literal(0), z.literal(1)], {
      message: `${name} must be true or false`,
    }),
  ).transform((v) => v === true || v === 1);

const switchChange = z
  .strictObject({ push: onOff('push').optional(), email: onOff('email').optional() })
  .refine((c) => c.push !== undefined || c.email !== undefined, {
    message: 'name push or email to change',
  });

/** PUT /api/notification-preferences: only the switches named change. */
export const updateNotificationPreferencesBody = z
  .strictObject(
    Object.fromEntries(
      NOTIFICATION_KIND_NAMES.map((kind) => [kind, switchChange.optional()]),
    ) as Record<NotificationKind, z.ZodOptional<typeof switchChange>>,
  )
  .refine((body) => Object.values(body).some((change) => change !== undefined), {
    message: `Name at least one of: ${NOTIFICATION_KIND_NAMES.join(', ')}`,
  });
export type UpdateNotificationPreferencesBody = z.input<typeof updateNotificationPreferencesBody>;

/** Bytes of a base64url text (padding allowed), or null when it is not base64url. */
function base64urlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const P256DH_MESSAGE = 'keys.p256dh must be a P-256 public key (65 bytes, base64url)';
const AUTH_MESSAGE = 'keys.auth must be a 16-byte secret (base64url)';

/** POST /api/push-subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z
    .string({ message: 'endpoint must be the push service URL' })
    .max(2048, 'endpoint is too long')
    .pipe(z.url({ protocol: /^https$/, message: 'endpoint must be an https URL' })),
  expirationTime: z.number().nullish(),
  keys: z.strictObject(
    {
      p256dh: z.string({ message: P256DH_MESSAGE }).refine((text) => {
        const bytes = base64urlBytes(text);
        return bytes?.length === 65 && bytes[0] === 4;
      }, P256DH_MESSAGE),
      auth: z
        .string({ message: AUTH_MESSAGE })
        .refine((text) => base64urlBytes(text)?.length === 16, AUTH_MESSAGE),
    },
    { message: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** DELETE /api/push-subscriptions */
export const pushUnsubscribeBody = z.strictObject({
  endpoint: z.string({ message: 'endpoint is required' }).min(1).max(2048, 'endpoint is too long'),
});
export type PushUnsubscribeBody = z.input<typeof pushUnsubscribeBody>;

/** GET /api/push/public-key: the VAPID key, an uncompressed P-256 point in base64url. */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

export const pushSubscriptionSaved = z.object({ endpoint: z.string(), created: z.boolean() });

/** The one-click unsubscribe link's query (RFC 8058): a signed token, no sign-in. */
export const unsubscribeQuery = z.strictObject({
  token: z.string({ message: 'The link is missing its token.' }).min(1).max(300),
});
