/**
 * Who hears of what: the one place that reads a domain event and says who is told, on the live
 * stream at once (the same readers the API allows, decision 012) and as a notification (the
 * centre, then push and e-mail as each person chose). The block rule, preferences, suspensions
 * and shifts are applied where the notices are stored (tell.ts).
 */
import type { DeliveryStatus } from '#shared/delivery.js';
import {
  CANCELLED_BY_BUYER_MESSAGE,
  HANDOVER_MESSAGES,
  RETURN_REASON_LABELS,
} from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { MEETING_MESSAGES } from '#shared/sales.js';
import type { Offer } from '#shared/schemas/sales.js';
import type { NotificationKind } from '#shared/notification-kinds.js';
import { SCREENS } from '#shared/screens.js';
import type { BusEvent } from '#server/live/bus.js';
import type { DomainEvent, WatchedListing } from './domain-events.js';

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

/** An event for the buyer and the seller of the changed thing. */
const liveTo = (
  type: BusEvent['type'],
  data: unknown,
  sides: { buyer_id: number } & ({ seller_id: number } | { vendor_id: number }),
): BusEvent => ({
  type,
  data,
  to: [sides.buyer_id, 'seller_id' in sides ? sides.seller_id : sides.vendor_id],
});

/** What the live stream carries: every reader of the changed thing refetches it. */
export function liveEventsOf(event: DomainEvent): BusEvent[] {
  switch (event.type) {
    case 'request.created':
    case 'request.declined':
    case 'request.cancelled':
      return [liveTo('delivery.updated', { request: event.request }, event.request)];
    case 'request.accepted':
      // A new delivery joins the Unassigned pool that on-shift couriers watch.
      return [
        {
          ...liveTo('delivery.updated', { delivery: event.delivery }, event.delivery),
          couriersOnShift: true,
        },
      ];
    case 'delivery.moved': {
      const { delivery, from } = event;
      // Its progress is its buyer's, seller's and courier's (the courier of a cancelled or
      // returned delivery still holds it; one who gave it up is the actor); back in the pool,
      // every on-shift courier may see it again.
      const readers = [delivery.buyer_id, delivery.vendor_id, event.actorId, delivery.courier_id];
      const moved: BusEvent = {
        type: 'delivery.updated',
        data: { delivery },
        to: [...new Set(readers.filter((id): id is number => id !== null))],
        couriersOnShift: delivery.delivery_status === 'Unassigned',
      };
      if (from !== 'Unassigned') return [moved];
      // Claimed or cancelled while in the pool: the other couriers learn only that it left.
      const removed: BusEvent = {
        type: 'delivery.removed',
        data: { delivery_id: delivery.delivery_id },
        to: [],
        couriersOnShift: true,
      };
      return [moved, removed];
    }
    case 'handover.locked':
      // Screens show the lock from handover_locked_until; the notice says why at once.
      return [
        liveTo(
          'delivery.updated',
          { delivery: event.delivery, notice: HANDOVER_MESSAGES.lockedNotice },
          event.delivery,
        ),
      ];
    case 'message.sent':
      return [
        {
          type: 'message.created',
          data: event.message,
          to: [event.message.sender_id, event.message.receiver_id],
        },
      ];
    case 'offer.changed':
      return [liveTo('offer.updated', { offer: event.offer }, event.offer)];
    case 'hold.changed':
      return [liveTo('hold.updated', { hold: event.hold }, event.hold)];
    case 'meeting.changed': {
      const m = event.meeting;
      return [
        liveTo(
          'meeting.updated',
          {
            // Never the code, whoever reads the stream: the buyer's own read has it.
            meeting: { ...m, handover_code: null },
            ...(event.change === 'locked' && { notice: MEETING_MESSAGES.lockedNotice }),
          },
          m,
        ),
      ];
    }
    case 'hold.ended':
    case 'listing.back':
    case 'review.written':
    case 'listing.price_dropped':
    case 'listing.sold':
    case 'saved_search.matched':
    case 'listing.listed':
      return [];
  }
}

const titled = (headline: string, title: string | null) => `${headline}: ${title ?? '(Unknown)'}`;
/** A sentence and, when the person gave one, their reason in their words. */
const withReason = (sentence: string, reason: string | null | undefined) =>
  reason ? `${sentence} Reason: ${preview(reason)}` : sentence;
/** A message or comment as a notification line: one line, not too long. */
export function preview(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
/**
 * A notice about an order, named by its listing. The request and the delivery made from it are
 * one order to the people in it: one tag, so a newer step replaces an older one on the phone.
 */
function orderNotice(
  kind: NotificationKind,
  to: number,
  order: { delivery_request_id: number; title: string | null },
  text: { headline: string; body: string; url: string },
): Notice {
  return {
    kind,
    to: [to],
    title: titled(text.headline, order.title),
    body: text.body,
    url: text.url,
    tag: `order-${order.delivery_request_id}`,
  };
}

/** The same step of an order told to its buyer (on Order Status) and its seller (on their page). */
function buyerAndSeller(
  kind: NotificationKind,
  d: DeliveryInstruction,
  headline: string,
  body: { buyer: string; seller: string },
): Notice[] {
  return [
    orderNotice(kind, d.buyer_id, d, { headline, body: body.buyer, url: SCREENS.orderStatus }),
    orderNotice(kind, d.vendor_id, d, { headline, body: body.seller, url: SCREENS.vendor }),
  ];
}

/** A delivery waiting for a courier, told to every courier on shift but its buyer and seller. */
function jobNotice(d: DeliveryInstruction, headline: string): Notice {
  return {
    kind: 'delivery_available',
    to: 'couriers-on-shift',
    except: [d.buyer_id, d.vendor_id],
    title: titled(headline, d.title),
    body: `From ${d.pickup} to ${d.dropoff}.`,
    url: SCREENS.courier,
    tag: `job-${d.delivery_id}`,
  };
}

/** The notices of a delivery's new status, by status (a new status must say who hears of it). */
const DELIVERY_NOTICES: Record<
  DeliveryStatus,
  (event: Extract<DomainEvent, { type: 'delivery.moved' }>) => Notice[]
> = {
  // A courier took it: the buyer learns of it on Order Status and at pick-up.
  Assigned: () => [],
  // The courier gave it up: it is back in the pool.
  Unassigned: ({ delivery: d }) => [jobNotice(d, 'Delivery available again')],
  'Picked Up': ({ delivery: d }) => [
    orderNotice('picked_up', d.buyer_id, d, {
      headline: 'Picked up',
      body: `Your courier has it and is on the way to ${d.dropoff}.`,
      url: SCREENS.orderStatus,
    }),
  ],
  // The courier brought it back to its pickup spot: its buyer and seller read why.
  Returned: ({ delivery: d }) => {
    const why = d.return_reason ? RETURN_REASON_LABELS[d.return_reason] : 'No reason given';
    const reason = d.return_note ? `${why}: ${preview(d.return_note)}` : why;
    return buyerAndSeller('returned', d, 'Returned', {
      buyer: `Your courier brought the item back to ${d.pickup}. Reason: ${reason}.`,
      seller: `The courier brought your item back to ${d.pickup}. Reason: ${reason}.`,
    });
  },
  // Only the buyer cancels (the actor, never told): the seller, and the courier if one held it.
  Cancelled: ({ delivery: d }) => [
    orderNotice('cancelled', d.vendor_id, d, {
      headline: 'Cancelled',
      body: withReason(CANCELLED_BY_BUYER_MESSAGE, d.cancel_reason),
      url: SCREENS.vendor,
    }),
    ...(d.courier_id === null
      ? []
      : [
          orderNotice('cancelled', d.courier_id, d, {
            headline: 'Cancelled',
            body: `${CANCELLED_BY_BUYER_MESSAGE} Do not pick it up or bring it to ${d.dropoff}.`,
            url: SCREENS.courier,
          }),
        ]),
  ],
  Delivered: ({ delivery: d }) =>
    buyerAndSeller('delivered', d, 'Delivered', {
      buyer: `Your item was dropped off at ${d.dropoff}.`,
      seller: `Your item reached its buyer at ${d.dropoff}.`,
    }),
};

/** What people are told of an event (before preferences, blocks and shifts sort them). */
export function noticesOf(event: DomainEvent): Notice[] {
  switch (event.type) {
    case 'request.created': {
      const r = event.request;
      return [
        orderNotice('delivery_request', r.vendor_id, r, {
          headline: 'Delivery request',
          body: `${r.username ?? 'A buyer'} asks for delivery to ${r.dropoff}.`,
          url: SCREENS.vendorRequests,
        }),
      ];
    }
    case 'request.declined':
      return [
        orderNotice('request_declined', event.request.buyer_id, event.request, {
          headline: 'Declined',
          // Another buyer got the item: the buyer reads why, as on Order Status.
          body: event.request.decline_reason
            ? `The seller declined your delivery request (${event.request.decline_reason}).`
            : 'The seller declined your delivery request.',
          url: SCREENS.orderStatus,
        }),
      ];
    case 'request.cancelled': {
      const r = event.request;
      return [
        orderNotice('cancelled', r.vendor_id, r, {
          headline: 'Cancelled',
          body: withReason(
            `${r.username ?? 'The buyer'} cancelled their delivery request.`,
            r.cancel_reason,
          ),
          url: SCREENS.vendorRequests,
        }),
      ];
    }
    case 'handover.locked': {
      // Never the code: only that drop-off is locked, as the screens say it.
      const body = HANDOVER_MESSAGES.lockedNotice;
      return buyerAndSeller('handover_locked', event.delivery, 'Drop-off locked', {
        buyer: body,
        seller: body,
      });
    }
    case 'request.accepted': {
      const d = event.delivery;
      return [
        orderNotice('request_accepted', d.buyer_id, d, {
          headline: 'Accepted',
          body: `The seller accepted your delivery request. A courier will bring it from ${d.pickup} to ${d.dropoff}.`,
          url: SCREENS.orderStatus,
        }),
        jobNotice(d, 'New delivery available'),
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
    case 'listing.price_dropped': {
      const { listing: l } = event;
      return [
        favoriteNotice('favorite_price_drop', event.watchers, l, {
          headline: 'Price drop',
          body: `Now ${money(l.now)}, was ${money(l.was)}.`,
        }),
      ];
    }
    case 'listing.sold':
      return [
        favoriteNotice('favorite_sold', event.watchers, event.listing, {
          headline: 'Sold',
          body: 'A listing you keep as a favourite was sold.',
        }),
      ];
    case 'offer.changed':
      return offerNotices(event.actorId, event.offer);
    case 'hold.changed': {
      const h = event.hold;
      if (h.status !== 'Active') return [];
      return [
        {
          kind: 'offer_answered',
          to: [h.buyer_id],
          title: titled('On hold for you', event.title),
          body: `The seller holds it for you until ${h.expires_at.slice(0, 16).replace('T', ' ')} UTC.`,
          url: SCREENS.listing(h.listing_id),
          tag: `hold-${h.listing_id}`,
        },
      ];
    }
    case 'hold.ended':
      return [
        {
          kind: 'hold_ended',
          to: event.watchers,
          title: titled('Available again', event.listing.title),
          body: 'A favourite that was on hold is available again.',
          url: SCREENS.listing(event.listing.listing_id),
          tag: `favorite-${event.listing.listing_id}`,
        },
      ];
    // Told through the events they stand for (saved_search.matched), raised by the worker.
    case 'listing.listed':
    case 'listing.back':
      return [];
    case 'saved_search.matched':
      return [
        {
          kind: 'saved_search_match',
          to: [event.ownerId],
          title: titled(event.back ? 'Available again' : 'New match', event.listing.title),
          body: event.back
            ? `A listing that matches your saved search is available again: ${event.listing.title}`
            : `A new listing matches your saved search: ${event.listing.title}`,
          url: SCREENS.listing(event.listing.listing_id),
          tag: `search-${event.savedSearchId}`,
        },
      ];
    case 'meeting.changed':
      return meetingNotices(event);
  }
}

/**
 * Who hears of a meeting's step: the side that did not take it, in the product's words; time's
 * steps (actor 0) both sides. Each reads it in their conversation with the other.
 */
function meetingNotices(event: Extract<DomainEvent, { type: 'meeting.changed' }>): Notice[] {
  const { meeting: m, when, change, actorId } = event;
  const spot = `${m.location}, ${when}`;
  const nameOf = (id: number) => (id === m.seller_id ? m.seller_username : m.buyer_username);
  const notice = (kind: NotificationKind, to: number, headline: string, body: string): Notice => ({
    kind,
    to: [to],
    title: titled(headline, m.title),
    body,
    url: SCREENS.chat(m.listing_id, to === m.seller_id ? m.buyer_id : m.seller_id),
    tag: `meeting-${m.meeting_id}`,
  });
  const other = actorId === m.seller_id ? m.buyer_id : m.seller_id;
  const both = (kind: NotificationKind, headline: string, body: (to: number) => string) =>
    [m.buyer_id, m.seller_id].map((to) => notice(kind, to, headline, body(to)));
  const codeLine = (to: number) =>
    to === m.buyer_id
      ? 'Show the seller your handover code there.'
      : 'Ask the buyer for their handover code there, and type it in to record the sale.';
  switch (change) {
    case 'proposed':
      return [
        notice(
          'meeting_proposed',
          other,
          'Meeting proposed',
          `${nameOf(actorId)} proposes ${spot}.`,
        ),
      ];
    case 'changed':
      return [
        notice(
          'meeting_proposed',
          other,
          'Meeting changed',
          `${nameOf(actorId)} suggests ${spot} instead.`,
        ),
      ];
    case 'agreed':
      return [notice('meeting_proposed', other, 'Meeting agreed', `${spot}. ${codeLine(other)}`)];
    case 'reminder':
      return both('meeting_reminder', 'Meeting soon', (to) => `${spot}. ${codeLine(to)}`);
    case 'no_show':
      return [
        notice(
          'meeting_cancelled',
          other,
          'Marked as a no-show',
          `${nameOf(actorId)} says you did not come to ${spot}.`,
        ),
      ];
    case 'cancelled':
      return [
        notice(
          'meeting_cancelled',
          other,
          'Meeting called off',
          `${nameOf(actorId)} called off the meeting at ${spot}.`,
        ),
      ];
    case 'locked':
      return both('handover_locked', 'Handover locked', () => MEETING_MESSAGES.lockedNotice);
    case 'unavailable':
      return both(
        'meeting_cancelled',
        'Meeting called off',
        () => `The item is no longer available. The meeting at ${spot} is off.`,
      );
    case 'hold_ended':
      return both(
        'meeting_cancelled',
        'Meeting called off',
        () => `The hold on this item ended. The meeting at ${spot} is off.`,
      );
    case 'time_passed':
      return both(
        'meeting_cancelled',
        'Meeting called off',
        () => `The time passed before the meeting at ${spot} was agreed.`,
      );
    // Both were there (completed) or long past it (forgotten): the screens show it.
    case 'completed':
    case 'forgotten':
      return [];
  }
}

/** Who hears of an offer's step: the side that did not take it, in the product's words. */
function offerNotices(actorId: number, o: Offer): Notice[] {
  const base = { url: SCREENS.listing(o.listing_id), tag: `offer-${o.offer_id}` };
  const toSeller = (headline: string, body: string): Notice => ({
    ...base,
    kind: 'offer_received',
    to: [o.seller_id],
    title: titled(headline, o.title),
    body,
  });
  const answer = (to: number, headline: string, body: string): Notice => ({
    ...base,
    kind: 'offer_answered',
    to: [to],
    title: titled(headline, o.title),
    body,
  });
  const other = actorId === o.buyer_id ? o.seller_id : o.buyer_id;
  switch (o.status) {
    case 'Pending':
      return [
        toSeller(
          'New offer',
          o.note
            ? `${o.buyer_username} offers ${money(o.amount)}: "${preview(o.note)}"`
            : `${o.buyer_username} offers ${money(o.amount)}.`,
        ),
      ];
    case 'Countered':
      return [
        answer(o.buyer_id, 'Counter-offer', `The seller asks ${money(o.counter_amount ?? 0)}.`),
      ];
    case 'Accepted':
      return [
        answer(
          other,
          'Offer accepted',
          `Agreed at ${money(o.agreed_amount ?? o.amount)}. The item is on hold for the buyer.`,
        ),
      ];
    case 'Declined':
      return [answer(other, 'Offer declined', 'The offer was declined.')];
    case 'Withdrawn':
      return [answer(o.seller_id, 'Offer withdrawn', `${o.buyer_username} withdrew their offer.`)];
    case 'Closed':
      return [answer(o.buyer_id, 'Offer closed', `${o.closed_reason ?? 'The listing changed'}.`)];
    case 'Lapsed':
      return [];
  }
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$1,200.00", as the screens show prices. */
const money = (amount: number) => DOLLARS.format(amount);

/** A notice about a favourite, told to everyone who keeps it; one tag a listing. */
function favoriteNotice(
  kind: NotificationKind,
  watchers: readonly number[],
  listing: WatchedListing,
  text: { headline: string; body: string },
): Notice {
  return {
    kind,
    to: watchers,
    title: titled(text.headline, listing.title),
    body: text.body,
    url: SCREENS.listing(listing.listing_id),
    tag: `favorite-${listing.listing_id}`,
  };
}
