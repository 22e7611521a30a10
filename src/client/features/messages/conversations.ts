import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { MessageEntry } from '#shared/outbox.js';
import type { Listing } from '#shared/schemas/listings.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import { conversationKey } from '#shared/screens.js';
import { unreadMessages } from '#client/lib/queries/message-list.js';

export interface Conversation {
  /** `<listing_id>-<other user id>`: used in the URL (?c=) to open the thread. */
  key: string;
  listingId: number | null;
  otherId: number;
  otherUsername: string;
  title: string | null;
  thumbnail: string | null;
  messages: DirectMessage[];
  /** The newest line: a sent or received message, or one still waiting for the network. */
  last: Pick<DirectMessage, 'sender_id' | 'content' | 'created_at'>;
  /** Ordering of the list: the newest message's id; waiting messages come after every id. */
  order: number;
  /** Only messages still waiting for the network so far: nothing of it is on the server. */
  waitingOnly: boolean;
  unread: number;
  /** Who the counterpart is to me beyond a username, e.g. the courier carrying my order. */
  otherRole: string | null;
}

/**
 * Groups the user's messages by listing and counterpart, newest conversation first; messages
 * inside a conversation oldest first. Unread counts messages received and not yet read since
 * the user's own last message there (unreadMessages).
 */
export function groupConversations(
  messages: readonly DirectMessage[],
  myId: number,
): Conversation[] {
  const byKey = new Map<string, Conversation>();
  const unread = new Set(unreadMessages(messages, myId).map((m) => m.message_id));
  const ordered = [...messages].sort((a, b) => a.message_id - b.message_id);
  for (const message of ordered) {
    const mine = message.sender_id === myId;
    const otherId = mine ? message.receiver_id : message.sender_id;
    const key = conversationKey(message.listing_id, otherId);
    let conversation = byKey.get(key);
    if (!conversation) {
      conversation = {
        key,
        listingId: message.listing_id,
        otherId,
        otherUsername: mine ? message.receiver_username : message.sender_username,
        title: message.title,
        thumbnail: message.thumbnail,
        messages: [],
        last: message,
        order: message.message_id,
        waitingOnly: false,
        unread: 0,
        otherRole: null,
      };
      byKey.set(key, conversation);
    }
    conversation.messages.push(message);
    conversation.last = message;
    conversation.order = message.message_id;
    if (unread.has(message.message_id)) conversation.unread += 1;
  }
  return [...byKey.values()].sort((a, b) => b.order - a.order);
}

/** What the list shows of a listing it knows only by id: from the cache, if there. */
export type KnownListing = Pick<Listing, 'title' | 'thumbnail' | 'username'>;

/**
 * Adds, first, the conversations that so far are only messages waiting for the network (a
 * first message to a seller written offline): listed at once, not when the network is back.
 * Their listing's title and seller come from what the device has seen of it.
 */
export function withWaiting(
  conversations: Conversation[],
  waiting: readonly MessageEntry[],
  listingOf: (listingId: number) => KnownListing | undefined,
): Conversation[] {
  const known = new Set(conversations.map((c) => c.key));
  const added = new Map<string, Conversation>();
  for (const entry of waiting) {
    const { listing_id: listingId, receiver_id: otherId, content } = entry.message;
    const key = conversationKey(listingId, otherId);
    if (known.has(key)) continue;
    const listing = listingOf(listingId);
    const last = { sender_id: entry.senderId, content, created_at: entry.deviceTime };
    const conversation = added.get(key);
    if (conversation) {
      conversation.last = last;
      continue;
    }
    added.set(key, {
      key,
      listingId,
      otherId,
      otherUsername: listing?.username ?? 'the seller',
      title: listing?.title ?? `Listing ${listingId}`,
      thumbnail: listing?.thumbnail ?? null,
      messages: [],
      last,
      order: Number.POSITIVE_INFINITY,
      waitingOnly: true,
      unread: 0,
      otherRole: null,
    });
  }
  return [...added.values(), ...conversations];
}

/**
 * Marks conversations with the courier of one of my deliveries of that listing: the buyer sees
 * "Courier of your order", the vendor "Courier of this delivery".
 */
export function markCouriers(
  conversations: Conversation[],
  deliveries: readonly Pick<
    DeliveryInstruction,
    'listing_id' | 'courier_id' | 'buyer_id' | 'vendor_id'
  >[],
  myId: number,
): Conversation[] {
  return conversations.map((c) => {
    const delivery = deliveries.find(
      (d) => d.listing_id === c.listingId && d.courier_id !== null && d.courier_id === c.otherId,
    );
    if (!delivery) return c;
    const otherRole =
      delivery.buyer_id === myId
        ? 'Courier of your order'
        : delivery.vendor_id === myId
          ? 'Courier of this delivery'
          : null;
    return { ...c, otherRole };
  });
}
