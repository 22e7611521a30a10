/**
 * The domain events: what happened, as the routes that made it happen saw it. One place
 * (audience.ts) decides who hears of each, on every channel: the live stream, the notification
 * centre, Web Push and e-mail (docs/decisions/026-notifications.md). A route raises an event
 * only when something changed: a repeat (the same status again) raises none.
 */
import type { Category } from '#shared/constants.js';
import type { DeliveryStatus } from '#shared/delivery.js';
import type { DeliveryInstruction, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { Review } from '#shared/schemas/reviews.js';
import type { Hold, Meeting, Offer } from '#shared/schemas/sales.js';

export type DomainEvent =
  /** A buyer asked the seller for a delivery. */
  | { type: 'request.created'; actorId: number; request: DeliveryRequest }
  /** The seller declined a request. */
  | { type: 'request.declined'; actorId: number; request: DeliveryRequest }
  /** The buyer took back a request the seller had not answered. */
  | { type: 'request.cancelled'; actorId: number; request: DeliveryRequest }
  /** The seller accepted a request: the delivery exists, Unassigned. */
  | { type: 'request.accepted'; actorId: number; delivery: DeliveryInstruction }
  /** A delivery changed status (claimed, given up, picked up, dropped off...). */
  | { type: 'delivery.moved'; actorId: number; from: DeliveryStatus; delivery: DeliveryInstruction }
  /**
   * Too many wrong handover codes locked the drop-off (the courier's try that set the lock is the
   * actor). The delivery carries no code: it is never in an event, a notice or a log.
   */
  | { type: 'handover.locked'; actorId: number; delivery: DeliveryInstruction }
  | { type: 'message.sent'; actorId: number; message: DirectMessage }
  | { type: 'review.written'; actorId: number; review: Review }
  /** An offer was made, answered, countered, made again, withdrawn or closed by its listing. */
  | { type: 'offer.changed'; actorId: number; offer: Offer }
  /** A hold began, was extended or released (the buyer and seller read it). */
  | { type: 'hold.changed'; actorId: number; hold: Hold; title: string }
  /** A hold lapsed or was released: the listing is back, those who keep it hear once. */
  | { type: 'hold.ended'; actorId: number; listing: WatchedListing; watchers: number[] }
  /**
   * A listing whose hold ended is back: stands for the saved searches it answers (the worker's
   * `expand`), each raised as `saved_search.matched` with `back`, but for `except` (those told
   * already as its favouriters).
   */
  | {
      type: 'listing.back';
      actorId: number;
      listing: WatchedListing & { category: Category };
      except: number[];
    }
  /**
   * A meeting on campus changed, or time moved it (`actorId` 0: nobody's step). The meeting
   * carries no handover code: it is never in an event, a notice or a log. `when` is its time as
   * people read it (the campus's time zone).
   */
  | {
      type: 'meeting.changed';
      actorId: number;
      meeting: Meeting;
      change: MeetingChange;
      when: string;
    }
  /** The seller lowered the price (it shows "was $X"): those who keep it as a favourite hear. */
  | {
      type: 'listing.price_dropped';
      actorId: number;
      listing: WatchedListing & { was: number; now: number };
      watchers: number[];
    }
  /** The seller marked the listing Sold: those who keep it as a favourite hear. */
  | { type: 'listing.sold'; actorId: number; listing: WatchedListing; watchers: number[] }
  /**
   * A new listing: stands for the saved searches it answers, found by the worker off the
   * request's path (the worker's `expand`), each raised as `saved_search.matched`.
   */
  | { type: 'listing.listed'; actorId: number; listing: WatchedListing & { category: Category } }
  /** A new listing answers a saved search: its owner hears (at most once an hour a search). */
  | {
      type: 'saved_search.matched';
      actorId: number;
      listing: WatchedListing;
      savedSearchId: number;
      ownerId: number;
      /** The listing is not new but back from a hold. */
      back?: true;
    };

/**
 * What happened to a meeting: a step of one side (proposed, changed, agreed, completed,
 * no_show, cancelled), wrong codes that locked the handover (locked), its reminder (reminder),
 * or its end by time or elsewhere (the reasons of endLapsedMeetings).
 */
export type MeetingChange =
  | 'proposed'
  | 'changed'
  | 'agreed'
  | 'completed'
  | 'no_show'
  | 'cancelled'
  | 'locked'
  | 'reminder'
  | 'unavailable'
  | 'hold_ended'
  | 'time_passed'
  | 'forgotten';

/** What a notice about someone else's listing names. */
export interface WatchedListing {
  listing_id: number;
  title: string;
}

export type DomainEventType = DomainEvent['type'];
