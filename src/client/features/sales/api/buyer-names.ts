import { useQuery } from '@tanstack/react-query';
import type { Offer } from '#shared/schemas/sales.js';
import { messagesQuery } from '#client/lib/queries/message-list.js';

export interface Counterpart {
  userId: number;
  username: string;
}

/**
 * The people who dealt with the seller about a listing, newest first: who wrote to them about
 * it (their own messages, which the app already reads) and who made an offer. A hold is only
 * ever for one of them, so they are everyone "Hold for" and "Mark as Sold" can name.
 */
export function useCounterparts(
  sellerId: number,
  listingId: number,
  offers: readonly Offer[] = [],
): Counterpart[] {
  const { data: messages = [] } = useQuery(messagesQuery());
  const seen = new Map<number, Counterpart>();
  const add = (userId: number, username: string) => {
    if (userId !== sellerId && !seen.has(userId)) seen.set(userId, { userId, username });
  };
  for (const offer of offers) add(offer.buyer_id, offer.buyer_username);
  for (const m of [...messages].sort((a, b) => b.message_id - a.message_id)) {
    if (m.listing_id !== listingId) continue;
    if (m.sender_id === sellerId) add(m.receiver_id, m.receiver_username);
    else add(m.sender_id, m.sender_username);
  }
  return [...seen.values()];
}
