/**
 * What people are told about, written once: the server decides who hears of what from these,
 * the preferences API and screen list them, the service worker shows their payload
 * (docs/decisions/026-notifications.md). Free of zod, so the bell and the service worker read
 * it without loading the schemas. A new kind is one line in NOTIFICATION_KINDS (and the code
 * that raises it).
 */

/** Who a kind is for, to group the preferences screen. */
export type NotificationAudience = 'seller' | 'buyer' | 'courier' | 'everyone';

/** RFC 8030 Urgency: how soon a phone should wake for it. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

interface KindInfo {
  /** The switch's name on the preferences screen. */
  label: string;
  audience: NotificationAudience;
  /** The defaults, until the person changes them. In-app notifications are always on. */
  push: boolean;
  email: boolean;
  /** `digest`: mailed at most once per MESSAGE_DIGEST_MINUTES, gathered. */
  mail: 'each' | 'digest';
  urgency: PushUrgency;
  /** How long a push service keeps it for a phone that is off (RFC 8030 TTL), in seconds. */
  ttl: number;
}

const HOUR = 60 * 60;

// One line a kind, as a table reads best.
// prettier-ignore
export const NOTIFICATION_KINDS = {
  delivery_request: { label: 'A buyer asks for delivery of your item', audience: 'seller', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 48 * HOUR },
  request_accepted: { label: 'The seller accepts your delivery request', audience: 'buyer', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
  request_declined: { label: 'The seller declines your delivery request', audience: 'buyer', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
  picked_up: { label: 'A courier picks up your item', audience: 'buyer', push: true, email: false, mail: 'each', urgency: 'high', ttl: 4 * HOUR },
  delivered: { label: 'An item is dropped off', audience: 'buyer', push: true, email: true, mail: 'each', urgency: 'high', ttl: 24 * HOUR },
  returned: { label: 'A courier brings an item back', audience: 'buyer', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
  cancelled: { label: 'A delivery is cancelled', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
  handover_locked: { label: 'A drop-off or a meeting handover is locked after too many wrong codes', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'high', ttl: HOUR / 4 },
  delivery_available: { label: 'New delivery available while you are on shift', audience: 'courier', push: true, email: false, mail: 'each', urgency: 'normal', ttl: HOUR / 4 },
  message: { label: 'New messages', audience: 'everyone', push: true, email: false, mail: 'digest', urgency: 'normal', ttl: 24 * HOUR },
  review: { label: 'Someone reviews you as a seller', audience: 'seller', push: true, email: false, mail: 'each', urgency: 'low', ttl: 7 * 24 * HOUR },
  favorite_price_drop: { label: 'The price of a favourite drops', audience: 'buyer', push: true, email: false, mail: 'each', urgency: 'low', ttl: 24 * HOUR },
  favorite_sold: { label: 'A favourite is sold', audience: 'buyer', push: true, email: false, mail: 'each', urgency: 'low', ttl: 24 * HOUR },
  offer_received: { label: 'A buyer makes or renews an offer on your item', audience: 'seller', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 48 * HOUR },
  offer_answered: { label: 'An offer is answered, countered or held for you', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 48 * HOUR },
  hold_ended: { label: 'A favourite on hold is available again', audience: 'buyer', push: true, email: false, mail: 'each', urgency: 'low', ttl: 24 * HOUR },
  saved_search_match: { label: 'A new listing matches a saved search', audience: 'buyer', push: true, email: false, mail: 'each', urgency: 'low', ttl: 24 * HOUR },
  meeting_proposed: { label: 'A meeting on campus is proposed, changed or agreed', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
  meeting_reminder: { label: 'A meeting on campus starts soon', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'high', ttl: HOUR },
  meeting_cancelled: { label: 'A meeting on campus is called off, or the other side did not come', audience: 'everyone', push: true, email: true, mail: 'each', urgency: 'normal', ttl: 24 * HOUR },
} as const satisfies Record<string, KindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** One person's switches: every kind, both channels. */
export type NotificationPreferences = Record<
  NotificationKind,
  Record<NotificationChannel, boolean>
>;

export function defaultPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KIND_NAMES.map((kind) => [
      kind,
      { push: NOTIFICATION_KINDS[kind].push, email: NOTIFICATION_KINDS[kind].email },
    ]),
  ) as NotificationPreferences;
}

/** Messages are mailed gathered, at most once in this many minutes. */
export const MESSAGE_DIGEST_MINUTES = 15;

/** The notification centre's page size, and the most one page may ask for. */
export const NOTIFICATIONS_PAGE = { default: 20, max: 50 } as const;

/** What a push message carries (encrypted, RFC 8291), for the service worker to show. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a tap opens, a path on this origin. */
  url: string;
  /** Notifications with the same tag replace each other on the phone (one per delivery). */
  tag: string;
}

/** A push payload as the service worker received it, checked before it is shown. */
export function readPushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  // Only a path on this origin: a payload never sends anyone elsewhere.
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  return { title, body, url, tag };
}
