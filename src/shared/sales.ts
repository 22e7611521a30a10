/**
 * A sale, start to finish (docs/sales-states.md, docs/decisions/030-sales.md): the states of
 * offers, holds and sales, who may move them, and their limits. Free of zod, so screens read it
 * without loading the schemas.
 */
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG } from './handover.js';

/** An offer waits for its buyer's answer this long, and a counter for the buyer's. */
export const OFFER_LAPSE_HOURS = 48;
/** A hold reserves the listing for its buyer this long; the seller may extend it once. */
export const HOLD_HOURS = 48;
export const HOLD_EXTENSIONS = 1;
export const HOUR_MS = 60 * 60 * 1000;

/**
 * Pending: waits for the seller. Countered: the seller named another amount, waits for the
 * buyer. Accepted holds the listing for the buyer. The others are finished: Declined (by the
 * side that was asked), Withdrawn (the buyer took it back), Lapsed (nobody answered in
 * OFFER_LAPSE_HOURS), Closed (the listing changed: `closed_reason` says how).
 */
export const OFFER_STATUSES = [
  'Pending',
  'Countered',
  'Accepted',
  'Declined',
  'Withdrawn',
  'Lapsed',
  'Closed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OPEN_OFFER_STATUSES = ['Pending', 'Countered'] as const satisfies OfferStatus[];
export const isOpenOffer = (status: OfferStatus) =>
  (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

/** What the two sides may do to an offer. */
export const OFFER_ACTIONS = ['accept', 'decline', 'counter', 'offer', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
export type OfferSide = 'buyer' | 'seller';

/**
 * Whose move it is, and which: the seller answers a Pending offer (accept, decline, counter);
 * the buyer answers a counter (accept, decline, or offer again with a new amount) and may take
 * back their own Pending offer (withdraw). Anything else is refused with the reason.
 */
export function offerMove(
  status: OfferStatus,
  side: OfferSide,
  action: OfferAction,
): { to: OfferStatus } | { refused: string } {
  if (!isOpenOffer(status)) return { refused: OFFER_MESSAGES.finished(status) };
  if (status === 'Pending') {
    if (side === 'seller') {
      if (action === 'accept') return { to: 'Accepted' };
      if (action === 'decline') return { to: 'Declined' };
      if (action === 'counter') return { to: 'Countered' };
    } else if (action === 'withdraw') {
      return { to: 'Withdrawn' };
    }
    return { refused: OFFER_MESSAGES.notYourMove };
  }
  // Countered: the buyer's move.
  if (side === 'buyer') {
    if (action === 'accept') return { to: 'Accepted' };
    if (action === 'decline') return { to: 'Declined' };
    if (action === 'offer') return { to: 'Pending' };
    if (action === 'withdraw') return { to: 'Withdrawn' };
  }
  return { refused: OFFER_MESSAGES.notYourMove };
}

/** The reason line of an offer the listing closed. */
export const OFFER_CLOSED_REASONS = {
  priceChanged: 'The price changed',
  sold: 'The item was sold',
  removed: 'The listing was removed',
  heldForAnother: 'The item is on hold for another buyer',
} as const;

export const OFFER_MESSAGES = {
  ownListing: 'You cannot make an offer on your own item.',
  notActive: 'This item is no longer available.',
  oneOpen:
    'You already have an open offer on this item. Wait for the answer, or withdraw it first.',
  notYourMove: 'It is not your move on this offer.',
  notYours: 'This offer is not yours.',
  amountNeeded: 'Counter and offer again need an amount.',
  finished: (status: OfferStatus) =>
    `This offer is ${status.toLowerCase()}: it can no longer change.`,
} as const;

/**
 * Active: the listing is reserved for its buyer until `expires_at`. Finished: Released (the
 * seller let it go), Lapsed (its time ran out), Completed (the item was sold, to anyone).
 */
export const HOLD_STATUSES = ['Active', 'Released', 'Lapsed', 'Completed'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export const HOLD_ACTIONS = ['release', 'extend'] as const;
export type HoldAction = (typeof HOLD_ACTIONS)[number];

export const LISTING_ON_HOLD_MESSAGE = 'This item is on hold for another buyer.';
export const HOLD_MESSAGES = {
  already: 'This item is already on hold. Release that hold first.',
  needsTalk: 'Hold an item only for someone who wrote to you about it or made an offer.',
  ownListing: 'You cannot hold your own item for yourself.',
  extendedOnce: `A hold can be extended only ${HOLD_EXTENSIONS === 1 ? 'once' : `${HOLD_EXTENSIONS} times`}.`,
  finished: (status: HoldStatus) =>
    `This hold is ${status.toLowerCase()}: it can no longer change.`,
  buyerNotKnown: 'Name a buyer who wrote to you about this item, made an offer or had it on hold.',
} as const;

/** How a sale happened. */
export const SALE_HOWS = ['meeting', 'delivery', 'other'] as const;
export type SaleHow = (typeof SALE_HOWS)[number];

/**
 * A meeting on campus for a held listing: proposed by either side (a spot and a time), agreed by
 * the other, changeable until it happens (a change is a new proposal, for the other side to
 * agree to). Completed: the seller typed the buyer's handover code and the sale is on record.
 * NoShow: one side said the other did not come (`no_show_by`). Cancelled: either side called it
 * off, or the hold ended.
 */
export const MEETING_STATUSES = ['Proposed', 'Agreed', 'Completed', 'NoShow', 'Cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const OPEN_MEETING_STATUSES = ['Proposed', 'Agreed'] as const satisfies MeetingStatus[];
export const isOpenMeeting = (status: MeetingStatus) =>
  (OPEN_MEETING_STATUSES as readonly MeetingStatus[]).includes(status);

/**
 * accept: the side that did not propose agrees. change: a new spot or time (either side, while
 * open). complete: the seller types the buyer's code (Agreed only). no_show: either side, once
 * the meeting's time has come. cancel: either side, while open.
 */
export const MEETING_ACTIONS = ['accept', 'change', 'complete', 'no_show', 'cancel'] as const;
export type MeetingAction = (typeof MEETING_ACTIONS)[number];

/** Both sides are reminded this long before an agreed meeting (their notification settings). */
export const MEETING_REMINDER_MINUTES = 60;
/** A meeting is set at least this far ahead, and at most this far: the hold's time and one more day. */
export const MEETING_MIN_LEAD_MINUTES = 5;
export const MEETING_MAX_AHEAD_HOURS = HOLD_HOURS * (HOLD_EXTENSIONS + 1) + 24;
/** A no-show can be said from the meeting's time until this long after it. */
export const MEETING_NO_SHOW_DAYS = 7;
/** The handover code's guessing limit and lockout are the delivery's (src/shared/handover.ts). */
const LOCK_MINUTES = HANDOVER_LOCK_MS / 60_000;

export const MEETING_MESSAGES = {
  needsHold:
    'Arrange a meeting for an item on hold, between its seller and the buyer it is held for.',
  oneOpen: 'This item already has a meeting arranged. Change that one instead.',
  notYours: 'This meeting is not yours.',
  notYourMove: 'It is not your move on this meeting.',
  tooSoon: `Pick a time at least ${MEETING_MIN_LEAD_MINUTES} minutes from now.`,
  tooFar: 'Pick a time while the item is on hold.',
  sellerTypesCode: "Only the seller types the buyer's handover code.",
  notAgreed: 'Agree on the meeting first.',
  notYet: 'You can say the other person did not come once the meeting time has come.',
  changeNeeds: 'Send a new spot, a new time, or both.',
  tooLate: `A no-show can be said until ${MEETING_NO_SHOW_DAYS} days after the meeting time.`,
  onItsWay: 'A delivery of this item is under way: the courier brings it.',
  /** The seller's answer when wrong codes locked the handover (429, with Retry-After). */
  locked: `Too many wrong handover codes. The handover is locked for ${LOCK_MINUTES} minutes.`,
  /** What the buyer and the seller read when it locks. */
  lockedNotice: `Someone entered ${HANDOVER_MAX_WRONG} wrong handover codes for this meeting. The handover is locked for ${LOCK_MINUTES} minutes.`,
  finished: (status: MeetingStatus) =>
    `This meeting is ${status === 'NoShow' ? 'marked as a no-show' : status.toLowerCase()}: it can no longer change.`,
} as const;

/** "Bought here": a review by someone with a sale from the seller on record. */
export const BOUGHT_HERE_LABEL = 'Bought here';
