/**
 * Trust and safety, written once for the server, the client and the tests: who may report what
 * and why, the flood limits per account, and the sentences people read when a rule applies.
 */
import { choicesOf } from './choices.js';

/** What a report names. */
export const REPORT_TARGETS = ['listing', 'user', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Why: the reasons a reporter picks from, with the words the screens show. */
export const REPORT_REASON_LABELS = {
  prohibited: 'Prohibited item',
  scam: 'Scam or fraud',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Something else',
};
export const REPORT_REASONS = choicesOf(REPORT_REASON_LABELS);
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until a moderator acts on its target or dismisses it. */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The roles of the product. A visitor has no session; every student buys and sells; a courier
 * has `is_courier`; a moderator has `is_moderator` (MODERATOR_EMAILS or `npm run moderator`).
 */
export const ROLES = ['visitor', 'student', 'courier', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

/** Every decision the audit trail records. */
export const MODERATION_ACTIONS = [
  'listing.hide',
  'listing.restore',
  'user.suspend',
  'user.restore',
  'report.dismiss',
  'moderator.grant',
  'moderator.revoke',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_LIMITS = {
  /** A reporter's note. */
  reportNote: 1000,
  /** A moderator's reason, shown to the owner of a hidden listing or a suspended account. */
  reason: 500,
  /** Rows of the audit trail one read returns. */
  auditPage: 200,
  /** Reported targets on one page of the queue, unless `limit` says otherwise (1 to the max). */
  queuePage: 50,
  queuePageMax: 100,
  /** Reports listed under one target (its weightiest first); `count` counts them all. */
  reportsPerTarget: 50,
  /** No-shows at meetings on campus one read returns, newest first. */
  noShows: 200,
} as const;

/**
 * How much a report weighs in the queue (docs/decisions/020-moderation.md): its reason's
 * severity times its reporter's standing. Reports from new accounts add their severity, but all
 * of them on one target together add at most `newcomersCap`, less than one report from an
 * established reporter, so puppet accounts cannot bury a real report however many they are.
 */
export const REPORT_SEVERITY: Record<ReportReason, number> = {
  prohibited: 3,
  scam: 3,
  harassment: 3,
  other: 2,
  spam: 1,
};

/**
 * A reporter's standing when the queue is read: doubtful (suspended, or moderators dismissed
 * more of their reports than they upheld, at least `doubtfulAfterDismissed`), new (address not
 * confirmed, or younger than `establishedAfterDays`), trusted (more upheld than dismissed), or
 * established.
 */
export const REPORTER_STANDING_LABELS = {
  doubtful: 'mostly dismissed before',
  new: 'new account',
  established: 'established account',
  trusted: 'upheld before',
};
export const REPORTER_STANDINGS = choicesOf(REPORTER_STANDING_LABELS);
export type ReporterStanding = (typeof REPORTER_STANDINGS)[number];

export const REPORT_WEIGHING = {
  establishedAfterDays: 30,
  doubtfulAfterDismissed: 2,
  /** Points per severity of one report by an established or trusted reporter. */
  weight: { established: 4, trusted: 6 },
  /** The most reports from new accounts add to one target, together (doubtful ones add none). */
  newcomersCap: 3,
} as const;

/** What one account may do in a window before it is asked to slow down (429). */
export const FLOOD_LIMITS = {
  messagesPerMinute: { max: 20, windowMs: 60_000 },
  messagesPerDay: { max: 200, windowMs: 24 * 60 * 60_000 },
  listingsPerDay: { max: 30, windowMs: 24 * 60 * 60_000 },
  /** Edits and status changes of one's listings (each could tell everyone who keeps them). */
  listingEditsPerDay: { max: 100, windowMs: 24 * 60 * 60_000 },
  reportsPerDay: { max: 20, windowMs: 24 * 60 * 60_000 },
  /** Offers, counters and offers again (each tells the other side). */
  offersPerDay: { max: 50, windowMs: 24 * 60 * 60_000 },
} as const;
export type FloodLimitName = keyof typeof FLOOD_LIMITS;

export const FLOOD_MESSAGES: Record<FloodLimitName, string> = {
  messagesPerMinute: 'You are sending messages too fast. Please wait a minute and try again.',
  messagesPerDay: 'You have sent as many messages as one account may in a day. Try again tomorrow.',
  listingsPerDay: 'You have listed as many items as one account may in a day. Try again tomorrow.',
  listingEditsPerDay:
    'You have changed your listings as many times as one account may in a day. Try again tomorrow.',
  reportsPerDay: 'You have sent as many reports as one account may in a day. Try again tomorrow.',
  offersPerDay: 'You have made as many offers as one account may in a day. Try again tomorrow.',
};

/** Sign-in of a suspended account: this, then the moderator's reason. */
export const SUSPENDED_PREFIX = 'This account is suspended: ';
/** The owner of a hidden listing reads this, then the moderator's reason. */
export const HIDDEN_PREFIX = 'Hidden by a moderator: ';

export const REVIEW_NEEDS_INTERACTION =
  'You can review a seller only after a conversation about one of their listings or a delivery from them.';
export const REPORT_RECEIVED = 'Thanks. A moderator will look at it; nothing else changes for you.';
/** What a blocked person reads: the same words whoever blocked whom, so nobody is told. */
export const BLOCKED_MESSAGE = 'You cannot message or ask this person for deliveries.';
