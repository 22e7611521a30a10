/**
 * Proof of delivery (docs/decisions/022-delivery-proof.md): the buyer's handover code, the
 * courier's photo, the ways a delivery ends early and the buyer's rating of the courier.
 * Free of zod: the courier screen and the service worker read these without loading it.
 */
import { choicesOf } from './choices.js';

/** A delivery asked for with a code gets this many random digits when the vendor accepts it. */
export const HANDOVER_CODE_LENGTH = 4;
export const HANDOVER_CODE_PATTERN = /^[0-9]{4}$/;
/** Wrong codes allowed before drop-off is refused for a while (buyer and vendor are told). */
export const HANDOVER_MAX_WRONG = 5;
export const HANDOVER_LOCK_MS = 15 * 60 * 1000;

export const HANDOVER_MESSAGES = {
  missing: "Ask the buyer for their 4-digit handover code: this delivery can't finish without it.",
  wrong: (triesLeft: number) =>
    `That handover code is not right. ${triesLeft === 1 ? '1 try' : `${triesLeft} tries`} left.`,
  locked: 'Too many wrong handover codes. Drop-off is locked for 15 minutes.',
  /** What the buyer and the vendor read when it locks. */
  lockedNotice:
    'Someone entered 5 wrong handover codes for this delivery. Drop-off is locked for 15 minutes.',
} as const;

/** Why a courier brought an item back to its pickup spot, and how screens say it. */
export const RETURN_REASON_LABELS = {
  buyer_not_there: 'Buyer not there',
  wrong_place: 'Wrong place',
  item_damaged: 'Item damaged',
  other: 'Other',
};
export const RETURN_REASONS = choicesOf(RETURN_REASON_LABELS);
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const PROOF_LIMITS = {
  /** The buyer's reason for cancelling, and the courier's note on a return. */
  reason: 500,
  ratingComment: 1000,
} as const;

/** What the courier of a cancelled delivery reads. */
export const CANCELLED_BY_BUYER_MESSAGE = 'The buyer cancelled this delivery.';

/**
 * The path of the one delivery-proof call that has its own (the rest are moves of PUT
 * /api/delivery_instruction/{id}). Not in api-paths.ts's API: the app's start carries that
 * table, and only the delivery screens need this.
 */
export const DELIVERY_PROOF_API = {
  rating: (id: number) => `/api/delivery_instruction/${id}/rating`,
} as const;
