/**
 * The steps of a sale a person takes: make an offer, answer one, hold an item, release or extend
 * the hold. Each goes through the outbox with its Idempotency-Key (lib/outbox-sale.ts): sent at
 * once, or kept "Waiting to send" until the network works, and taken once by the server.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as salesPaths from '#shared/api-paths/sales.js';
import type { SaleRequest } from '#shared/outbox.js';
import type { HoldAction, OfferAction } from '#shared/sales.js';
import type { Hold, Offer } from '#shared/schemas/sales.js';
import { formatPrice } from '#client/lib/format.js';
import { sendOrQueueSale, type SaleOutcome } from '#client/lib/outbox-sale.js';
import { queryKeys } from '#client/lib/query-keys.js';

export interface SaleStep {
  request: SaleRequest;
  /** The Idempotency-Key: the same for every try of this step (lib/use-send-key.ts). */
  key: string;
}

/**
 * Sends a step as `userId`: settled at once when it is kept waiting (it shows as "Waiting to
 * send"), or with the server's answer; an error only for a refusal the person can act on.
 * What it changed is read again: offers, holds, and the listings (a hold marks them).
 */
export function useSaleStep<T = Offer | Hold>(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: SaleStep): Promise<SaleOutcome<T>> =>
      sendOrQueueSale<T>(userId, request, key),
    onSuccess: async (outcome, { request }) => {
      if (outcome.queued) return;
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.offers() }),
        client.invalidateQueries({ queryKey: queryKeys.holds() }),
        client.invalidateQueries({ queryKey: queryKeys.listing(request.listingId) }),
      ]);
    },
  });
}

export function makeOfferStep(listingId: number, amount: number, note: string): SaleRequest {
  return {
    method: 'POST',
    path: salesPaths.offers,
    body: { listing_id: listingId, amount, ...(note && { note }) },
    listingId,
    label: `your offer of ${formatPrice(amount)}`,
  };
}

const ANSWER_LABELS: Record<OfferAction, (offer: Offer, amount?: number) => string> = {
  accept: (o) =>
    `“Accept” (${formatPrice(o.status === 'Countered' ? o.counter_amount! : o.amount)})`,
  decline: (o) => `“Decline” on the offer of ${formatPrice(o.amount)}`,
  withdraw: (o) => `“Withdraw” on your offer of ${formatPrice(o.amount)}`,
  counter: (_o, amount) => `your counter of ${formatPrice(amount ?? 0)}`,
  offer: (_o, amount) => `your offer of ${formatPrice(amount ?? 0)}`,
};

export function answerOfferStep(offer: Offer, action: OfferAction, amount?: number): SaleRequest {
  return {
    method: 'PUT',
    path: salesPaths.offer(offer.offer_id),
    body: { action, ...(amount !== undefined && { amount }) },
    listingId: offer.listing_id,
    offerId: offer.offer_id,
    label: ANSWER_LABELS[action](offer, amount),
  };
}

export function holdStep(listingId: number, buyerId: number, buyerName: string): SaleRequest {
  return {
    method: 'POST',
    path: salesPaths.holds,
    body: { listing_id: listingId, buyer_id: buyerId },
    listingId,
    label: `“Hold for ${buyerName}”`,
  };
}

export function changeHoldStep(hold: Hold, action: HoldAction): SaleRequest {
  return {
    method: 'PUT',
    path: salesPaths.hold(hold.hold_id),
    body: { action },
    listingId: hold.listing_id,
    label: action === 'release' ? '“Release”' : '“Extend”',
  };
}
