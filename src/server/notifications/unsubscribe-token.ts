/**
 * The one-click unsubscribe links of notification mails (RFC 8058): the link itself proves who
 * asks, so no sign-in is needed. A token names a person and a kind and is signed with a secret
 * every instance shares (server_keys); it turns off that kind's e-mail and nothing else.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_NAMES, type NotificationKind } from '#shared/notification-kinds.js';

export const UNSUBSCRIBE_KEY = 'unsubscribe-secret';

export const newUnsubscribeSecret = () => randomBytes(32).toString('base64url');

function mac(secret: string, userId: number, kind: NotificationKind): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe-email:${userId}:${kind}`).digest();
}

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind).toString('base64url')}`;
}

/** Whose e-mail of which kind the token turns off, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const match = /^([1-9][0-9]{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as NotificationKind;
  if (!NOTIFICATION_KIND_NAMES.includes(kind)) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = mac(secret, userId, kind);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, kind }
    : null;
}
