/** Offers, holds and sales (docs/api.md, "Sales"; states in src/shared/sales.ts). */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { pickupLocations } from '../locations.js';
import {
  HOLD_ACTIONS,
  HOLD_STATUSES,
  MEETING_ACTIONS,
  MEETING_MESSAGES,
  MEETING_STATUSES,
  OFFER_ACTIONS,
  OFFER_STATUSES,
  SALE_HOWS,
} from '../sales.js';
import { choiceOf, id, idParam, numeric, optionalText, spotChoice } from './common.js';
import { handoverCode } from './deliveries.js';
import { PRICE_CENTS_MESSAGE, isWholeCents } from './listings.js';

const AMOUNT_MESSAGE = 'Please enter the amount you offer, in dollars.';

/** Dollars like a listing's `price`, in whole cents, above zero. */
export const offerAmount = numeric(
  z
    .number({ message: AMOUNT_MESSAGE })
    .finite(AMOUNT_MESSAGE)
    .positive('An offer must be more than $0.')
    .max(LIMITS.priceMax, `An offer must be at most ${LIMITS.priceMax}`)
    .refine(isWholeCents, PRICE_CENTS_MESSAGE),
);

export const offer = z.object({
  offer_id: z.number(),
  listing_id: z.number(),
  title: z.string(),
  buyer_id: z.number(),
  buyer_username: z.string(),
  seller_id: z.number(),
  /** The buyer's latest amount, in dollars. */
  amount: z.number(),
  /** The seller's counter while Countered (or the counter the buyer accepted); else null. */
  counter_amount: z.number().nullable(),
  /** The price both agreed to, once Accepted. */
  agreed_amount: z.number().nullable(),
  note: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** Why a Closed offer closed ("The price changed"); else null. */
  closed_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** An open offer lapses then unless answered. */
  expires_at: z.string(),
});
export type Offer = z.infer<typeof offer>;

export const makeOfferBody = z.strictObject({
  listing_id: id,
  amount: offerAmount,
  note: optionalText('Note', LIMITS.specialRequest),
});
export type MakeOfferBody = z.input<typeof makeOfferBody>;

export const answerOfferBody = z
  .strictObject({
    action: choiceOf(OFFER_ACTIONS, `action must be one of: ${OFFER_ACTIONS.join(', ')}`),
    /** The counter (seller) or the new offer (buyer). */
    amount: offerAmount.optional(),
  })
  .refine((b) => (b.action === 'counter' || b.action === 'offer') === (b.amount !== undefined), {
    message: 'Send an amount with counter or offer, and only then.',
    path: ['amount'],
  });
export type AnswerOfferBody = z.input<typeof answerOfferBody>;

export const listingOffersQuery = z.strictObject({ listing_id: idParam });
export const conversationOffersQuery = z.strictObject({
  listing_id: idParam,
  other_user_id: idParam,
});

export const hold = z.object({
  hold_id: z.number(),
  listing_id: z.number(),
  seller_id: z.number(),
  buyer_id: z.number(),
  /** The accepted offer's amount, when an offer made it; else null (the listing's price). */
  agreed_amount: z.number().nullable(),
  offer_id: z.number().nullable(),
  status: z.enum(HOLD_STATUSES),
  extended: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Hold = z.infer<typeof hold>;

export const createHoldBody = z.strictObject({ listing_id: id, buyer_id: id });
export type CreateHoldBody = z.input<typeof createHoldBody>;
export const changeHoldBody = z.strictObject({
  action: choiceOf(HOLD_ACTIONS, `action must be one of: ${HOLD_ACTIONS.join(', ')}`),
});
export type ChangeHoldBody = z.input<typeof changeHoldBody>;

export const sale = z.object({
  sale_id: z.number(),
  listing_id: z.number(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  seller_id: z.number(),
  seller_username: z.string(),
  /** Null: sold to someone the seller did not name. */
  buyer_id: z.number().nullable(),
  buyer_username: z.string().nullable(),
  agreed_price: z.number(),
  how: z.enum(SALE_HOWS),
  /** Where they met, for a sale made at a meeting on campus; else null. */
  location: z.string().nullable().optional(),
  at: z.string(),
});
export type Sale = z.infer<typeof sale>;

/** A meeting spot: one of the spec's pickup and drop-off locations (on the campus map). */
export const meetingSpot = spotChoice(pickupLocations, 'The meeting spot');
const meetingTime = z.iso.datetime({
  offset: true,
  message: 'Give the meeting time as an ISO date and time',
});

export const meeting = z.object({
  meeting_id: z.number(),
  hold_id: z.number(),
  listing_id: z.number(),
  title: z.string(),
  seller_id: z.number(),
  seller_username: z.string(),
  buyer_id: z.number(),
  buyer_username: z.string(),
  location: z.string(),
  at: z.string(),
  /** Who proposed the spot and time now on the table: the other side accepts. */
  proposed_by: z.number(),
  status: z.enum(MEETING_STATUSES),
  /** The price the sale will be recorded at: the accepted offer's, else the listing's. */
  agreed_amount: z.number(),
  /** Only in the buyer's reads while the meeting is open: the 4 digits the seller types. */
  handover_code: z.string().nullable(),
  /**
   * While wrong handover codes keep the seller from completing (429): until when; else null.
   * Optional: clients that know nothing of it read the 429's message.
   */
  handover_locked_until: z.string().nullable().optional(),
  /** Who said the other did not come (NoShow); else null. */
  no_show_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Meeting = z.infer<typeof meeting>;

export const proposeMeetingBody = z.strictObject({
  hold_id: id,
  location: meetingSpot,
  at: meetingTime,
});
export type ProposeMeetingBody = z.input<typeof proposeMeetingBody>;

export const changeMeetingBody = z
  .strictObject({
    action: choiceOf(MEETING_ACTIONS, `action must be one of: ${MEETING_ACTIONS.join(', ')}`),
    /** With change: the new spot and/or time. */
    location: meetingSpot.optional(),
    at: meetingTime.optional(),
    /** With complete: the buyer's handover code. */
    code: handoverCode.optional(),
  })
  .refine((b) => b.action !== 'change' || b.location !== undefined || b.at !== undefined, {
    message: MEETING_MESSAGES.changeNeeds,
    path: ['location'],
  })
  .refine((b) => b.action !== 'complete' || b.code !== undefined, {
    message: 'The handover code is 4 digits',
    path: ['code'],
  });
export type ChangeMeetingBody = z.input<typeof changeMeetingBody>;

export const meetingsQuery = z.strictObject({ listing_id: idParam.optional() });
