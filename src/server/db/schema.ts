import type { Generated, Kysely } from 'kysely';
import type { Availability, Category, Condition, ListingStatus } from '#shared/constants.js';
import type { DeliveryRequestStatus, DeliveryStatus } from '#shared/delivery.js';
import type { ReturnReason } from '#shared/handover.js';
import type { DropoffLocation, PickupLocation } from '#shared/locations.js';
import type {
  ModerationAction,
  ReportReason,
  ReportStatus,
  ReportTarget,
} from '#shared/moderation.js';
import type { NotificationKind, PushUrgency } from '#shared/notification-kinds.js';
import type { HoldStatus, MeetingStatus, OfferStatus, SaleHow } from '#shared/sales.js';

/** Row types as stored. Timestamps are ISO 8601 text in both engines; flags are 0/1. */
export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  sfsu_email: string;
  password_hash: string;
  is_courier: Generated<number>;
  on_shift: Generated<number>;
  /** Rounded mean of the seller's reviews; null while there are none. */
  rating: number | null;
  review_count: Generated<number>;
  created_at: string;
  /** 1 once the campus e-mail was confirmed (a mailed code, or a reset link that reached it). */
  email_verified: Generated<number>;
  /** 1 for a moderator: MODERATOR_EMAILS at sign-in, or `npm run moderator -- grant`. */
  is_moderator: Generated<number>;
  /** Set while a moderator has suspended the account: it cannot sign in, its sessions end. */
  suspended_at: string | null;
  suspended_reason: string | null;
  /**
   * The username NFKC-normalised without regard to case, and the e-mail in canonical form
   * (src/shared/names.ts), each unique. Null only for an older account whose key another,
   * older account holds (migration 2026-12-04-sign-in-guard: kept, never merged).
   */
  username_key: string | null;
  email_key: string | null;
  /**
   * Set once the person deleted their account: the row stays, emptied of everything personal,
   * as the author of what others still read ("Deleted user").
   */
  deleted_at: string | null;
}

export interface ProductsTable {
  product_id: Generated<number>;
  vendor_id: number;
  title: string;
  description: string;
  category: Category;
  thumbnail: string | null;
  created_at: string;
}

export interface ListingsTable {
  listing_id: Generated<number>;
  product_id: number;
  vendor_id: number;
  price_cents: number;
  conditions: Condition;
  discount: Generated<number>;
  listing_date: string;
  availability: Generated<Availability>;
  listing_status: Generated<ListingStatus>;
  /** The reference price of the latest drop ("was $X"), shown for a week from price_dropped_at. */
  was_price_cents: number | null;
  price_dropped_at: string | null;
}

/** A product's pictures after its cover (products.thumbnail), in order from position 1. */
export interface ProductPhotosTable {
  product_id: number;
  position: number;
  url: string;
}

/** Every change of a listing's price, to find the lowest price of the week before a drop. */
export interface ListingPriceChangesTable {
  change_id: Generated<number>;
  listing_id: number;
  old_price_cents: number;
  new_price_cents: number;
  changed_at: string;
}

export interface FavoritesTable {
  user_id: number;
  listing_id: number;
  created_at: string;
  /** The price it was kept at, then the price its owner was last told of a drop to. */
  price_cents: number | null;
  /** When its owner last heard of a lower price, of a sale: at most once a day each. */
  drop_told_at: string | null;
  sold_told_at: string | null;
}

/**
 * A search kept to hear of new listings that match it: its fields as canonical JSON (`query`),
 * its category apart so a new listing is matched only against searches that can match it.
 */
export interface SavedSearchesTable {
  saved_search_id: Generated<number>;
  user_id: number;
  query: string;
  category: Category | null;
  created_at: string;
  /** When its owner was last told of a match: at most once an hour. */
  notified_at: string | null;
}

export interface DirectMessagesTable {
  message_id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  listing_id: number | null;
  content: string;
  created_at: string;
  read_at: string | null;
  /** The id the sender's device made for it (2026-12-11-message-client-id): unique per sender. */
  client_id: string | null;
}

export interface ReviewsTable {
  review_id: Generated<number>;
  author_id: number;
  vendor_id: number;
  rating: number;
  comment: string;
  review_date: string;
}

export interface DeliveryRequestsTable {
  delivery_request_id: Generated<number>;
  buyer_id: number;
  vendor_id: number;
  listing_id: number;
  status: Generated<DeliveryRequestStatus>;
  dropoff: DropoffLocation;
  buyer_special_request: string;
  created_at: string;
  /** 1: the buyer asked for a handover code (its delivery gets one on accept). */
  require_handover_code: Generated<number>;
  cancel_reason: Generated<string>;
  /** Why it was declined when the seller did not ("Sold to another buyer"); else null. */
  decline_reason: string | null;
  /** The listing's title, price and cover when the buyer asked: what the order shows. */
  agreed_title: string;
  agreed_price_cents: number;
  agreed_thumbnail: string | null;
}

export interface DeliveryInstructionsTable {
  delivery_id: Generated<number>;
  delivery_request_id: number;
  pickup: PickupLocation;
  dropoff: DropoffLocation;
  seller_special_request: string;
  buyer_special_request: string;
  buyer_id: number;
  vendor_id: number;
  courier_id: number | null;
  product_id: number;
  listing_id: number;
  quantity: Generated<number>;
  delivery_status: Generated<DeliveryStatus>;
  timestamp: string;
  updated_at: string;
  /** 1: drop-off needs the buyer's code (kept in handover_codes, never selected with this). */
  handover_required: Generated<number>;
  /** The courier's photo at drop-off: an image URL. */
  proof_photo: string | null;
  return_reason: ReturnReason | null;
  return_note: Generated<string>;
  cancel_reason: Generated<string>;
  /** Its request's agreed title, price and cover: what the order shows. */
  agreed_title: string;
  agreed_price_cents: number;
  agreed_thumbnail: string | null;
}

/** The buyer's code of a delivery, and the wrong tries against it (docs/decisions/022). */
export interface HandoverCodesTable {
  delivery_id: number;
  code: string;
  wrong_tries: Generated<number>;
  locked_until: string | null;
}

/** The buyer's rating of the courier, once per delivery. */
export interface DeliveryRatingsTable {
  delivery_id: number;
  courier_id: number | null;
  buyer_id: number;
  rating: number;
  comment: Generated<string>;
  created_at: string;
}

/** Every status change of a delivery, with the server's time and the device's (offline replay). */
export interface DeliveryEventsTable {
  event_id: Generated<number>;
  delivery_id: number;
  delivery_status: DeliveryStatus;
  courier_id: number | null;
  actor_id: number;
  at: string;
  device_at: string | null;
  /** 1 when the device's time lay outside the delivery's life and was clamped into it. */
  device_at_adjusted: Generated<number>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/**
 * Password attempts per key (account and address, account, address...) in a fixed window: each
 * try is counted before the password is checked; a success takes its own back.
 */
export interface AuthThrottleTable {
  key: string;
  window_start: string;
  attempts: number;
}

/** The live code that confirms an account's campus e-mail (one per account). */
export interface EmailVerificationsTable {
  user_id: number;
  /** sha256 of the account and the code; the code itself is only in the mail. */
  code_hash: string;
  expires_at: string;
  /** Wrong tries so far; the code is spent when they reach the limit. */
  tries: Generated<number>;
  sent_at: string;
  window_start: string;
  window_sends: number;
}

/** A mailed reset link: only the hash of its token is kept. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'kept' | 'failed';

/**
 * Mail on its way out (docs/decisions/017-mail-queue.md): `queued` until a worker claims it
 * (`sending`, with a lease), then `sent` (SMTP) or `kept` (the built-in mailbox), or `failed`.
 */
export interface MailOutboxTable {
  mail_id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** Extra headers as JSON (List-Unsubscribe and the like), or null. */
  headers: string | null;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The latest known position of the courier of an active delivery. */
export interface CourierPositionsTable {
  delivery_id: number;
  courier_id: number;
  lat: number;
  lng: number;
  accuracy: number | null;
  at: string;
}

/**
 * Every distinct character of a product's title other than ASCII letters, digits, spaces and
 * controls, kept by triggers (migration 2026-11-26-title-symbols): finds punctuation in titles.
 */
export interface TitleSymbolsTable {
  symbol: string;
  product_id: number;
}

/**
 * The words listings use (title, description, category, split as the search indexes split
 * them) and in how many products each occurs, kept by triggers (migration
 * 2026-12-03-search-words): what a search word may stand for (typos, other endings).
 */
export interface SearchTermsTable {
  term: string;
  docs: number;
}

/** A stored picture, one row per size; `name` is the last part of its URL. */
export interface ImagesTable {
  name: string;
  content_type: string;
  bytes: Buffer;
  byte_size: number;
  width: number;
  height: number;
  /** A strong validator of the bytes (quoted, as sent in `ETag`). */
  etag: string;
  created_at: string;
}

export interface ReportsTable {
  report_id: Generated<number>;
  reporter_id: number;
  target_type: ReportTarget;
  target_id: number;
  reason: ReportReason;
  note: string;
  status: Generated<ReportStatus>;
  created_at: string;
  resolved_by: number | null;
  resolved_at: string | null;
  /** What the report named when it was made, as JSON (ReportSnapshot); null on older reports. */
  snapshot: string | null;
}

/** `blocker_id` no longer hears from `blocked_id`; the blocked is not told. */
export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

/**
 * A listing a moderator hid (or that its seller's suspension hid): its status is Deleted while
 * held, and `previous_status` is what it gets back (docs/decisions/020-moderation.md).
 */
export interface ListingHoldsTable {
  listing_id: number;
  previous_status: 'Active' | 'Sold';
  reason: string;
  /** 1 when the seller's suspension hid it: restoring the account restores it. */
  by_suspension: Generated<number>;
  moderator_id: number | null;
  created_at: string;
}

export interface ModerationAuditTable {
  audit_id: Generated<number>;
  moderator_id: number | null;
  actor: string;
  action: ModerationAction;
  target_type: string;
  target_id: number;
  target_label: string;
  reason: string;
  created_at: string;
}

/** How much of a flood limit an account has spent in the window that began at window_start. */
export interface FloodCountersTable {
  key: string;
  window_start: string;
  spent: number;
}

/**
 * An Idempotency-Key an account sent with a create, and the first answer to it
 * (docs/decisions/021-lie-fi-and-idempotency-keys.md). No status yet: the first request is still running.
 */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the method, path and validated body: a repeat must match it. */
  fingerprint: string;
  created_at: string;
  expires_at: string;
  /** Until then a row without an answer is a request still running; after, it was abandoned. */
  lease_until: string;
  status_code: number | null;
  /** The answer's JSON. */
  body: string | null;
}

/** A queue's row state: waiting, claimed by a worker (with a lease), or given up. */
export type QueueStatus = 'queued' | 'sending' | 'failed';

/** The claim columns of the notification and push queues (src/server/lib/queue.ts). */
interface QueueColumns {
  status: QueueStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
}

/**
 * A domain event still to be told (docs/decisions/026-notifications.md): a worker works out who
 * hears of it and stores their notifications, push messages and mails, then deletes it.
 */
export interface NotificationEventsTable extends QueueColumns {
  event_id: Generated<number>;
  type: string;
  /** The event as JSON (src/server/notifications/domain-events.ts). */
  payload: string;
}

/** The notification centre: one row per person and event (a conversation's unread messages share one). */
export interface NotificationsTable {
  notification_id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  group_key: string | null;
  item_count: Generated<number>;
  created_at: string;
  read_at: string | null;
}

/** A switch a person changed; the others are the kinds' defaults. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: NotificationKind;
  push: number;
  email: number;
}

export interface PushSubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The hash of the session that registered it: signing out of that session removes it. */
  session_hash: string | null;
  created_at: string;
  updated_at: string;
}

/** A push message on its way to one device. Sent ones are deleted. */
export interface PushOutboxTable extends QueueColumns {
  push_id: Generated<number>;
  subscription_id: number;
  /** The PushPayload as JSON, encrypted only when sent. */
  payload: string;
  topic: string | null;
  urgency: PushUrgency;
  ttl: number;
}

export interface MessageDigestsTable {
  user_id: number;
  due_at: string | null;
  last_sent_at: string | null;
}

/** Keys every instance shares, created once (VAPID, the unsubscribe links' secret). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

export type BackupKind = 'scheduled' | 'manual';
export type BackupStatus = 'running' | 'ok' | 'failed';

/** Every backup made: by `npm run backup` (manual) or on the schedule (one instance claims it). */
export interface BackupRunsTable {
  /** A random UUID, made by whichever process records the run. */
  backup_id: string;
  kind: BackupKind;
  status: BackupStatus;
  instance: string;
  started_at: string;
  finished_at: string | null;
  file: string | null;
  bytes: number | null;
  sha256: string | null;
  error: string | null;
}

/** A buyer's offer on a listing and how it ended (docs/sales-states.md). Money in cents. */
export interface OffersTable {
  offer_id: Generated<number>;
  listing_id: number;
  buyer_id: number;
  seller_id: number;
  amount_cents: number;
  counter_cents: number | null;
  agreed_cents: number | null;
  note: Generated<string>;
  status: OfferStatus;
  closed_reason: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** A listing reserved for one buyer (not `listing_holds`: a moderator's hiding). */
export interface SaleHoldsTable {
  hold_id: Generated<number>;
  listing_id: number;
  seller_id: number;
  buyer_id: number;
  offer_id: number | null;
  agreed_cents: number | null;
  status: HoldStatus;
  extended: Generated<number>;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** Who bought what: one a listing; no buyer when the seller named none. */
export interface SalesTable {
  sale_id: Generated<number>;
  listing_id: number;
  seller_id: number;
  buyer_id: number | null;
  agreed_price_cents: number;
  how: SaleHow;
  /** Where a sale made at a meeting on campus changed hands; else null. */
  location: string | null;
  at: string;
}

/**
 * A meeting on campus for a held listing (docs/sales-states.md). The buyer's handover code is
 * read only by the meetings repository's code statements, like `handover_codes`.
 */
export interface MeetingsTable {
  meeting_id: Generated<number>;
  hold_id: number;
  listing_id: number;
  seller_id: number;
  buyer_id: number;
  location: PickupLocation;
  at: string;
  proposed_by: number;
  status: MeetingStatus;
  handover_code: string;
  wrong_tries: Generated<number>;
  locked_until: string | null;
  no_show_by: number | null;
  reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  products: ProductsTable;
  listings: ListingsTable;
  direct_messages: DirectMessagesTable;
  reviews: ReviewsTable;
  delivery_requests: DeliveryRequestsTable;
  delivery_instructions: DeliveryInstructionsTable;
  delivery_events: DeliveryEventsTable;
  handover_codes: HandoverCodesTable;
  delivery_ratings: DeliveryRatingsTable;
  sessions: SessionsTable;
  auth_throttle: AuthThrottleTable;
  courier_positions: CourierPositionsTable;
  title_symbols: TitleSymbolsTable;
  search_terms: SearchTermsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  images: ImagesTable;
  reports: ReportsTable;
  blocks: BlocksTable;
  listing_holds: ListingHoldsTable;
  moderation_audit: ModerationAuditTable;
  flood_counters: FloodCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  notification_events: NotificationEventsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  message_digests: MessageDigestsTable;
  server_keys: ServerKeysTable;
  product_photos: ProductPhotosTable;
  listing_price_changes: ListingPriceChangesTable;
  favorites: FavoritesTable;
  saved_searches: SavedSearchesTable;
  backup_runs: BackupRunsTable;
  offers: OffersTable;
  sale_holds: SaleHoldsTable;
  sales: SalesTable;
  meetings: MeetingsTable;
}

/** The query builder every repository takes (a transaction's handle is one too). */
export type Db = Kysely<Database>;
