/**
 * Who hears of what: the one place that reads a domain event and says who is told, on the live
 * stream at once (the same readers the API allows, decision 012) and as a notification (the
 * centre, then push and e-mail as each person chose). The block rule, preferences, suspensions
 * and shifts are applied where the notices are stored (tell.ts).
 */
import type { DeliveryStatus } from '#shared/delivery.js';
import type { NotificationKind } from '#shared/notification-kinds.js';
import { SCREENS } from '#shared/screens.js';
import type { BusEvent } from '#server/live/bus.js';
import type { DomainEvent } from './domain-events.js';

export interface Notice {
  kind: NotificationKind;
  /** Who hears it: these people, or every courier on shift. The actor never does. */
  to: readonly number[] | 'couriers-on-shift';
  /** Left out even when `to` names them (a buyer on shift is not offered their own order). */
  except?: readonly number[];
  title: string;
  body: string;
  /** The screen it opens. */
  url: string;
  /**
   * One per order, job or conversation: the phone shows only the newest with the same tag, and
   * it is the push Topic, so the push service keeps only the newest undelivered one.
   * At most 32 characters of [A-Za-z0-9_-] (RFC 8030).
   */
  tag: string;
  /** Unread notices with the same key are one in the centre, counted (a conversation). */
  group?: { key: string; title: (count: number) => string };
}

/** What the live stream carries: every reader of the changed thing refetches it. */
export function liveEventsOf(event: DomainEvent): BusEvent[] {
  switch (event.type) {
    case 'request.created':
    case 'request.declined':
      return [
        {
          type: 'delivery.updated',
          data: { request: event.request },
          to: [event.request.buyer_id, event.request.vendor_id],
        },
      ];
    case 'request.accepted':
      // A new delivery joins the Unassigned pool that on-shift couriers watch.
      return [
        {
          type: 'delivery.updated',
          data: { delivery: event.delivery },
          to: [event.delivery.buyer_id, event.delivery.vendor_id],
          couriersOnShift: true,
        },
      ];
    case 'delivery.moved': {
      const { delivery, from } = event;
      // Its progress is its buyer's, seller's and courier's; back in the pool, every on-shift
      // courier may see it again.
      const moved: BusEvent = {
        type: 'delivery.updated',
        data: { delivery },
        to: [delivery.buyer_id, delivery.vendor_id, event.actorId],
        couriersOnShift: delivery.delivery_status === 'Unassigned',
      };
      if (from !== 'Unassigned') return [moved];
      // Claimed: the other couriers learn only that it left the pool.
      const removed: BusEvent = {
        type: 'delivery.removed',
        data: { delivery_id: delivery.delivery_id },
        to: [],
        couriersOnShift: true,
      };
      return [moved, removed];
    }
    case 'message.sent':
      return [
        {
          type: 'message.created',
          data: event.message,
          to: [event.message.sender_id, event.message.receiver_id],
        },
      ];
    case 'review.written':
      return [];
  }
}

const titled = (headline: string, title: string | null) => `${headline}: ${title ?? '(Unknown)'}`;
/** A message or comment as a notification line: one line, not too long. */
export function preview(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
/** An order's tag: its request and the delivery made from it are one thing to the buyer. */
const orderTag = (requestId: number) => `order-${requestId}`;

/** The notices of a delivery's new status, by status (a new status must say who hears of it). */
const DELIVERY_NOTICES: Record<
  DeliveryStatus,
  (event: Extract<DomainEvent, { type: 'delivery.moved' }>) => Notice[]
> = {
  // A courier took it: the buyer learns of it on Order Status and at pick-up.
  Assigned: () => [],
  // The courier gave it up: it is back in the pool.
  Unassigned: ({ delivery: d }) => [
    {
      kind: 'delivery_available',
      to: 'couriers-on-shift',
      except: [d.buyer_id, d.vendor_id],
      title: titled('Delivery available again', d.title),
      body: `From ${d.pickup} to ${d.dropoff}.`,
      url: SCREENS.courier,
      tag: `job-${d.delivery_id}`,
    },
  ],
  'Picked Up': ({ delivery: d }) => [
    {
      kind: 'picked_up',
      to: [d.buyer_id],
      title: titled('Picked up', d.title),
      body: `Your courier has it and is on the way to ${d.dropoff}.`,
      url: SCREENS.orderStatus,
      tag: orderTag(d.delivery_request_id),
    },
  ],
  Delivered: ({ delivery: d }) => [
    {
      kind: 'delivered',
      to: [d.buyer_id],
      title: titled('Delivered', d.title),
      body: `Your item was dropped off at ${d.dropoff}.`,
      url: SCREENS.orderStatus,
      tag: orderTag(d.delivery_request_id),
    },
    {
      kind: 'delivered',
      to: [d.vendor_id],
      title: titled('Delivered', d.title),
      body: `Your item reached its buyer at ${d.dropoff}.`,
      url: SCREENS.vendor,
      tag: orderTag(d.delivery_request_id),
    },
  ],
};

/** What people are told of an event (before preferences, blocks and shifts sort them). */
export function noticesOf(event: DomainEvent): Notice[] {
  switch (event.type) {
    case 'request.created': {
      const r = event.request;
      return [
        {
          kind: 'delivery_request',
          to: [r.vendor_id],
          title: titled('Delivery request', r.title),
          body: `${r.username ?? 'A buyer'} asks for delivery to ${r.dropoff}.`,
          url: SCREENS.vendorRequests,
          tag: orderTag(r.delivery_request_id),
        },
      ];
    }
    case 'request.declined': {
      const r = event.request;
      return [
        {
          kind: 'request_declined',
          to: [r.buyer_id],
          title: titled('Declined', r.title),
          body: 'The seller declined your delivery request.',
          url: SCREENS.orderStatus,
          tag: orderTag(r.delivery_request_id),
        },
      ];
    }
    case 'request.accepted': {
      const d = event.delivery;
      return [
        {
          kind: 'request_accepted',
          to: [d.buyer_id],
          title: titled('Accepted', d.title),
          body: `The seller accepted your delivery request. A courier will bring it from ${d.pickup} to ${d.dropoff}.`,
          url: SCREENS.orderStatus,
          tag: orderTag(d.delivery_request_id),
        },
        {
          kind: 'delivery_available',
          to: 'couriers-on-shift',
          except: [d.buyer_id, d.vendor_id],
          title: titled('New delivery available', d.title),
          body: `From ${d.pickup} to ${d.dropoff}.`,
          url: SCREENS.courier,
          tag: `job-${d.delivery_id}`,
        },
      ];
    }
    case 'delivery.moved':
      return DELIVERY_NOTICES[event.delivery.delivery_status](event);
    case 'message.sent': {
      const m = event.message;
      const from = m.sender_username;
      return [
        {
          kind: 'message',
          to: [m.receiver_id],
          title: `New message from ${from}`,
          body: `${m.title ?? 'Message'}: ${preview(m.content)}`,
          url: SCREENS.chat(m.listing_id, m.sender_id),
          tag: `chat-${m.listing_id ?? 0}-${m.sender_id}`,
          group: {
            key: `chat:${m.listing_id ?? 0}:${m.sender_id}`,
            title: (count) =>
              count === 1 ? `New message from ${from}` : `${count} new messages from ${from}`,
          },
        },
      ];
    }
    case 'review.written': {
      const r = event.review;
      const stars = `${r.rating} ${r.rating === 1 ? 'star' : 'stars'}`;
      return [
        {
          kind: 'review',
          to: [r.vendor_id],
          title: `New review: ${stars}`,
          body: r.comment ? `${r.username}: "${preview(r.comment)}"` : `From ${r.username}.`,
          url: SCREENS.publicProfile(r.vendor_id),
          tag: `review-${r.review_id}`,
        },
      ];
    }
  }
}
