import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
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
  last: DirectMessage;
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
        unread: 0,
        otherRole: null,
      };
      byKey.set(key, conversation);
    }
    conversation.messages.push(message);
    conversation.last = message;
    if (unread.has(message.message_id)) conversation.unread += 1;
  }
  return [...byKey.values()].sort((a, b) => b.last.message_id - a.last.message_id);
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
