/**
 * "Download my data" (GET /api/me/export) and "Delete account" (DELETE /api/me): what the
 * download holds is written here, and the server's answer is checked against it, so nothing
 * that is not listed (a password hash, a session, a code, another person's e-mail) can leave.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ACCOUNT_EXPORT_FORMAT } from '../leaving.js';
import { notificationItem, notificationPreferences } from './notifications.js';

/** DELETE /api/me: the account's password, proving it is its owner. */
export const deleteAccountBody = z.strictObject({
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax, 'Password is too long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** Another person, as the download names them: never their e-mail. */
const person = z.object({ user_id: z.number(), username: z.string() });

const profile = z.object({
  user_id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  sfsu_email: z.string(),
  email_verified: z.number(),
  is_courier: z.number(),
  on_shift: z.number(),
  is_moderator: z.number(),
  rating: z.number().nullable(),
  review_count: z.number(),
  created_at: z.string(),
});

const listing = z.object({
  listing_id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number(),
  conditions: z.string(),
  discount: z.number(),
  availability: z.string(),
  listing_status: z.string(),
  listing_date: z.string(),
  /** Full addresses of the listing's picture, large and small; empty without one. */
  pictures: z.array(z.string()),
});

const message = z.object({
  message_id: z.number(),
  direction: z.enum(['sent', 'received']),
  other: person,
  listing_id: z.number().nullable(),
  listing_title: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

const review = z.object({
  review_id: z.number(),
  rating: z.number(),
  comment: z.string(),
  review_date: z.string(),
});

const deliveryRequest = z.object({
  delivery_request_id: z.number(),
  role: z.enum(['buyer', 'seller']),
  buyer: person,
  seller: person,
  listing_id: z.number(),
  /** The title, price and picture the request keeps from when it was made. */
  listing_title: z.string(),
  price: z.number(),
  pictures: z.array(z.string()),
  status: z.string(),
  dropoff: z.string(),
  buyer_special_request: z.string(),
  created_at: z.string(),
});

const delivery = z.object({
  delivery_id: z.number(),
  delivery_request_id: z.number(),
  /** The person's parts in it: buyer, seller, courier (a courier may carry their own sale). */
  roles: z.array(z.enum(['buyer', 'seller', 'courier'])),
  buyer: person,
  seller: person,
  courier: person.nullable(),
  listing_id: z.number(),
  /** The title, price and picture agreed with its request. */
  listing_title: z.string(),
  price: z.number(),
  pictures: z.array(z.string()),
  pickup: z.string(),
  dropoff: z.string(),
  seller_special_request: z.string(),
  buyer_special_request: z.string(),
  delivery_status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Every status it went through, with the server's time. */
  history: z.array(z.object({ delivery_status: z.string(), at: z.string() })),
});

/** A notification as the centre showed it (a kind retired since is kept by its name). */
const notification = notificationItem.extend({ kind: z.string() });

export const accountExport = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exported_at: z.string(),
  profile,
  listings: z.array(listing),
  messages: z.array(message),
  reviews_written: z.array(review.extend({ seller: person })),
  reviews_received: z.array(review.extend({ author: person })),
  delivery_requests: z.array(deliveryRequest),
  deliveries: z.array(delivery),
  blocked: z.array(z.object({ user: person, created_at: z.string() })),
  reports_filed: z.array(
    z.object({
      report_id: z.number(),
      target_type: z.string(),
      target_id: z.number(),
      reason: z.string(),
      note: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  notifications: z.array(notification),
  /** The listings kept as favourites, by id, with when. */
  favorites: z.array(z.object({ listing_id: z.number(), created_at: z.string() })),
  /** Saved searches: the search as kept (its fields as JSON), and the last notice of a match. */
  saved_searches: z.array(
    z.object({
      saved_search_id: z.number(),
      query: z.string(),
      created_at: z.string(),
      notified_at: z.string().nullable(),
    }),
  ),
  /** Every kind's push and e-mail switches, as the settings screen shows them. */
  notification_preferences: notificationPreferences,
  /** Offers the person made as a buyer or received as a seller (amounts in dollars). */
  offers: z.array(
    z.object({
      offer_id: z.number(),
      listing_id: z.number(),
      buyer_id: z.number(),
      seller_id: z.number(),
      amount: z.number(),
      counter_amount: z.number().nullable(),
      agreed_amount: z.number().nullable(),
      note: z.string(),
      status: z.string(),
      closed_reason: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** Listings held for the person, or that they held for a buyer. */
  holds: z.array(
    z.object({
      hold_id: z.number(),
      listing_id: z.number(),
      seller_id: z.number(),
      buyer_id: z.number(),
      agreed_amount: z.number().nullable(),
      status: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
      ended_at: z.string().nullable(),
    }),
  ),
  /** Sales the person made or bought, with the agreed price and how. */
  sales: z.array(
    z.object({
      sale_id: z.number(),
      listing_id: z.number(),
      seller_id: z.number(),
      buyer_id: z.number().nullable(),
      agreed_price: z.number(),
      how: z.string(),
      location: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /**
   * Meetings on campus the person proposed or was asked to, whichever side: the spot, the time,
   * how it ended (never the handover code).
   */
  meetings: z.array(
    z.object({
      meeting_id: z.number(),
      hold_id: z.number(),
      listing_id: z.number(),
      seller_id: z.number(),
      buyer_id: z.number(),
      location: z.string(),
      at: z.string(),
      proposed_by: z.number(),
      status: z.string(),
      no_show_by: z.number().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;
